import { extractText, getDocumentProxy } from "unpdf";

/** A PDF's text, its pages joined and its wrapped lines made one (lines wrap inside the PDF's columns). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}
