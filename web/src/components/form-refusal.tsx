import { ApiError } from "../lib/api-client";
import { errorMessage, refusedFields } from "../lib/toast";
import { RefusalBeside } from "./refusal-beside";

/** The server's message for one field of a refused form (a 400's `errors`), to show beside that field. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.messageFor(field) : undefined;
}

/**
 * After a refusal, the first field the server named (of `form`'s own fields) takes the focus, so a keyboard
 * or screen reader user lands on what to fix.
 */
export function focusFirstRefused(form: HTMLFormElement, error: unknown) {
  if (!(error instanceof ApiError)) return;
  for (const { field } of error.fieldErrors) {
    const element = form.elements.namedItem(field);
    if (element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

/**
 * A refusal that no field of the form shows (a 409 such as "A company needs an owner", a 403, a failure to
 * reach the shop): the server's message, placed by the caller beside the button that was pressed, focused as it
 * appears (refusal-beside.tsx). Nothing when every message of the refusal stands beside one of `fields`.
 */
export function FormRefusal({ error, fields }: { error: unknown; fields: readonly string[] }) {
  if (!error || refusedFields(error, fields)) return null;
  return <RefusalBeside refusal={error} message={errorMessage(error)} />;
}

/** A form's text field as typed, trimmed. */
export function formText(data: FormData, name: string): string {
  return String(data.get(name) ?? "").trim();
}

/**
 * A form's amount in dollars as typed ("$1,250.50" too): null when empty, dollars, or the text itself when it is
 * no number, so the check names the field rather than the amount being cleared.
 */
export function formAmount(data: FormData, name: string): number | string | null {
  const text = formText(data, name);
  if (text === "") return null;
  const dollars = Number(text.replace(/^\$/, "").replaceAll(",", ""));
  return Number.isFinite(dollars) ? dollars : text;
}
