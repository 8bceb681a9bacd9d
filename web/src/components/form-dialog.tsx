import type { ReactNode } from "react";
import { useModalDialog } from "./confirm-dialog";

/**
 * A form in a modal `<dialog>` named by its heading, open while it is rendered (as ConfirmDialog: the
 * browser moves the focus in, closes it on Escape and gives the focus back). `children` gets `close`, for
 * Cancel and for after a successful submit; `onClose` then lets the parent stop rendering it.
 */
export function FormDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: (close: () => void) => ReactNode;
}) {
  const { dialog, titleId } = useModalDialog();

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box max-w-lg">
        <h2 id={titleId} className="mb-4 text-lg font-bold">
          {title}
        </h2>
        {children(() => dialog.current?.close())}
      </div>
    </dialog>
  );
}
