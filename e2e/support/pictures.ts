import type { Page } from "@playwright/test";

/** A real PNG picture, drawn by the browser itself, for the upload fields. */
export async function pngPicture(
  page: Page,
  colour = "#0f766e",
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement("canvas");
    canvas.width = 96;
    canvas.height = 96;
    const context = canvas.getContext("2d");
    if (context) {
      context.fillStyle = fill;
      context.fillRect(0, 0, 96, 96);
    }
    return canvas.toDataURL("image/png");
  }, colour);
  return { name: "picture.png", mimeType: "image/png", buffer: Buffer.from(dataUrl.split(",")[1] ?? "", "base64") };
}
