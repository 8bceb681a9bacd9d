import { describe, expect, it } from "vitest";
import { pictureSrcSet, pictureWidths } from "./picture.js";

describe("a picture's widths, read from its URL", () => {
  const id = "/images/4f1c2a9e-8b7d-4c3e-9a1f-0d2e3c4b5a69";

  it("lists every stored width of an upload, narrowest first, up to the widest that the URL names", () => {
    expect(pictureWidths(`${id}-1280.webp`)).toEqual([
      { url: `${id}-320.webp`, width: 320 },
      { url: `${id}-640.webp`, width: 640 },
      { url: `${id}-1280.webp`, width: 1280 },
    ]);
    expect(pictureSrcSet(`${id}-500.webp`)).toBe(`${id}-320.webp 320w, ${id}-500.webp 500w`);
    expect(pictureSrcSet(`${id}-640.webp`)).toBe(`${id}-320.webp 320w, ${id}-640.webp 640w`);
    // What a phone is offered: nothing wider than 640 px.
    expect(pictureSrcSet(`${id}-1280.webp`, 640)).toBe(`${id}-320.webp 320w, ${id}-640.webp 640w`);
  });

  it("gives no srcset for a one-file picture: a small upload, one from before widths, a seed SVG", () => {
    expect(pictureWidths(`${id}-200.webp`)).toEqual([{ url: `${id}-200.webp`, width: 200 }]);
    expect(pictureSrcSet(`${id}-200.webp`)).toBeUndefined();
    // A UUID may end in digits; only a hyphen and at most four digits before .webp name a width.
    expect(pictureSrcSet("/images/4f1c2a9e-8b7d-4c3e-9a1f-000000001280.webp")).toBeUndefined();
    expect(pictureSrcSet("/images/claw-hammer.svg")).toBeUndefined();
  });
});
