import { notify, notifyError } from "./toast";

/**
 * Waits for `work` and tells how it went in a toast: `done` once it succeeded, else the failure's message.
 * Answers whether it succeeded, for what follows (a dialog closed, the focus moved). Apart from toast.ts, which
 * the cart and the sign-in pages load, so that they do not carry it.
 */
export async function toastOutcome(work: Promise<unknown>, done: string): Promise<boolean> {
  try {
    await work;
  } catch (error) {
    notifyError(error);
    return false;
  }
  notify("success", done);
  return true;
}
