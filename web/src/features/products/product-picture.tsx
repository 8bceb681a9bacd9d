import { pictureSrcSet } from "@forgeline/contract";
import type { ImgHTMLAttributes } from "react";

/** Below this width of the window, a phone: it is offered no picture wider than 640 px. */
const PHONE = "(max-width: 639px)";

/**
 * A product's picture in every width it is stored in, the browser choosing by `sizes`. A phone is offered
 * 320 and 640 px only, so even at three device pixels per CSS pixel it never loads the 1280 px file.
 */
export function ProductPicture({
  src,
  sizes,
  alt,
  ...img
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; sizes: string; alt: string }) {
  const phone = pictureSrcSet(src, 640);
  return (
    <picture className="contents">
      {phone && <source media={PHONE} srcSet={phone} sizes={sizes} />}
      <img src={src} srcSet={pictureSrcSet(src)} sizes={sizes} alt={alt} {...img} />
    </picture>
  );
}
