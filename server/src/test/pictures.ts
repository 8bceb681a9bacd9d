import sharp from "sharp";

/** A picture of random pixels, which compresses badly: cutting it short cuts into its pixel data. */
export const noisePicture = (width: number, height: number, sigma = 40) =>
  sharp({
    // The background is what sharp's types require; the noise covers all of it.
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma } },
  });
