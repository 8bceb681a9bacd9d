import { useState } from "react";
import { notify } from "./toast";

/**
 * The actions of a list's rows (End a promotion, Make a warehouse inactive, Withdraw an invitation…): each runs
 * with its row's key, and a refusal is kept by that key, so the row says it beside the button that was pressed
 * (`RowRefusal`), where the finger is. Success is told in a toast: nothing the person needs next waits on it.
 */
export function useRowActions() {
  const [refused, setRefused] = useState<{ row: string; error: unknown } | null>(null);

  /** Runs `work` for `row`; answers whether it succeeded, for what follows (a dialog closed, the focus moved). */
  async function run(row: string, work: () => Promise<unknown>, done: string): Promise<boolean> {
    setRefused(null);
    try {
      await work();
    } catch (error) {
      setRefused({ row, error });
      return false;
    }
    notify("success", done);
    return true;
  }

  return { run, refusalOf: (row: string) => (refused?.row === row ? refused.error : null) };
}
