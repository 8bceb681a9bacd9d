import { useEffect, useRef } from "react";

/**
 * Why the shop refused what a button asked, said beside that button (docs/BUYING-ON-ACCOUNT.md, 'Refusals where the
 * finger is'): it takes the focus as it appears, so a screen reader reads it and a phone scrolls it into view
 * with the button still next to it. `refusal` is the error or message of the last try (null while trying again),
 * so a second refusal in the same words is focused again.
 */
export function RefusalBeside({ refusal, message }: { refusal: unknown; message: string }) {
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!refusal) return;
    said.current?.focus({ preventScroll: true });
    // Centred rather than at the edge, so the button under it is on the screen too.
    said.current?.scrollIntoView?.({ block: "center" });
  }, [refusal]);
  if (!refusal) return null;
  return (
    <p ref={said} role="alert" tabIndex={-1} className="alert alert-error alert-soft">
      {message}
    </p>
  );
}
