import { pictureSrcSet } from "@forgeline/contract";

/**
 * A stored picture at a fixed size beside the words that name it (so it says nothing itself: `alt` is empty),
 * the browser choosing among its widths for that size.
 */
export function Thumbnail(props: { src: string; width: number; height: number; className: string; lazy?: boolean }) {
  return (
    <img
      src={props.src}
      srcSet={pictureSrcSet(props.src)}
      sizes={`${props.width}px`}
      alt=""
      width={props.width}
      height={props.height}
      className={props.className}
      loading={props.lazy ? "lazy" : undefined}
    />
  );
}
