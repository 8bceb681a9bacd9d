import type { Page } from "@playwright/test";

/** A real PNG picture, drawn by the browser itself, for the upload fields; 96 px square unless told. */
export async function pngPicture(
  page: Page,
  colour = "#0f766e",
  size = { width: 96, height: 96 },
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const dataUrl = await page.evaluate(
    ({ fill, width, height }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d");
      if (context) {
        context.fillStyle = fill;
        context.fillRect(0, 0, width, height);
      }
      return canvas.toDataURL("image/png");
    },
    { fill: colour, ...size },
  );
  return { name: "picture.png", mimeType: "image/png", buffer: Buffer.from(dataUrl.split(",")[1] ?? "", "base64") };
}
