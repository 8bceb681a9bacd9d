import { type ReactNode, useEffect, useId, useRef } from "react";

/**
 * A modal `<dialog>` open while it is rendered, named by its heading: the ref for the dialog and the id for
 * its heading. The browser moves the focus in, closes it on Escape and gives the focus back.
 */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  return { dialog, titleId };
}

/**
 * A question asked before an action that cannot be undone: a modal `<dialog>` named by its heading, open
 * while it is rendered. The browser moves the focus into it, closes it on Escape, and gives the focus back
 * on close; `onClose` then lets the parent stop rendering it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  dismissLabel = "Cancel",
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  dismissLabel?: string;
  onConfirm: () => void;
  /** Called whenever the dialog closes: dismissed, Escape, or confirmed. */
  onClose: () => void;
}) {
  const { dialog, titleId } = useModalDialog();

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <div className="py-2 text-sm">{children}</div>
        <div className="modal-action">
          <button type="button" className="btn" onClick={() => dialog.current?.close()}>
            {dismissLabel}
          </button>
          <button
            type="button"
            className="btn btn-error"
            onClick={() => {
              dialog.current?.close();
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
