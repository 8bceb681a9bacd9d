/** A chosen file's text (FileReader: what every browser, and the tests' DOM, reads files with). */
export function fileText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(new Error("The file could not be read. Choose it again."));
    reader.readAsText(file);
  });
}
