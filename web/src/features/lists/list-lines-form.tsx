import type { SavedList } from "@forgeline/contract";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Field } from "../../components/field";
import { FormRefusal, fieldError, focusFirstRefused } from "../../components/form-refusal";
import { apiAuthed } from "../../lib/api-authed";
import { listApi } from "../../lib/api-routes/lists";

/** A line as the buyer edits it: the quantity as typed, so a half-typed number is not lost. */
interface DraftLine {
  sku: string;
  name: string;
  quantity: string;
}

const draftOf = (list: SavedList): DraftLine[] =>
  list.lines.map((line) => ({
    sku: line.sku,
    name: line.forSale ? (line.name ?? line.sku) : `${line.name ?? "Unknown tool"} (no longer sold)`,
    quantity: String(line.quantity),
  }));

/**
 * Change a list's lines (docs/RECURRING.md, 'Saved lists'): each line's pieces, or the line removed, saved together
 * as the list's new lines (PATCH replaces them). The server checks each line against its tool's quantity rule and
 * names the refused ones (`lines.N.quantity`, `lines.N.sku`); N counts the lines as sent, which are the lines shown,
 * so each refusal stands beside its line. The caller keys this form by the list's `updatedAt`, so a saved change (or
 * rows added) starts again from the list as stored; `saved` says the last change was saved, as the form remounts.
 */
export function ListLinesForm({
  list,
  saved,
  onSaved,
}: {
  list: SavedList;
  saved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const [lines, setLines] = useState(() => draftOf(list));
  const save = useMutation({
    mutationFn: () =>
      apiAuthed(listApi.changeList(list._id), {
        // An empty or non-numeric box goes as null, which the server refuses naming the line's quantity.
        lines: lines.map((line) => ({ sku: line.sku, quantity: wholeOrNull(line.quantity) as number })),
      }),
    onSuccess: () => onSaved(true),
  });
  const changed =
    lines.length !== list.lines.length ||
    lines.some(
      (line, index) => line.sku !== list.lines[index]?.sku || line.quantity !== String(list.lines[index]?.quantity),
    );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    save.mutate(undefined, { onError: (error) => focusFirstRefused(form, error) });
  }

  const edit = (next: (all: DraftLine[]) => DraftLine[]) => {
    save.reset();
    onSaved(false);
    setLines(next);
  };
  const setQuantity = (sku: string, quantity: string) =>
    edit((all) => all.map((line) => (line.sku === sku ? { ...line, quantity } : line)));
  const remove = (sku: string) => edit((all) => all.filter((line) => line.sku !== sku));
  const lineFields = lines.flatMap((_, index) => [`lines.${index}.quantity`, `lines.${index}.sku`]);

  return (
    <form
      noValidate
      className="mt-2 flex flex-col gap-2"
      onSubmit={submit}
      aria-label={`Change the lines of ${list.name}`}
    >
      <h3 className="font-semibold">Pieces and lines</h3>
      <ul className="flex flex-col gap-3" aria-label={`Lines to change of ${list.name}`}>
        {lines.map((line, index) => {
          const skuError = fieldError(save.error, `lines.${index}.sku`);
          return (
            <li key={line.sku} className="flex flex-wrap items-start gap-2 border-b border-base-300 pb-2">
              <div className="min-w-0 grow basis-48">
                <p className="font-medium break-words">{line.name}</p>
                <p className="text-sm break-all text-base-content/80">{line.sku}</p>
                {skuError && (
                  <p className="text-sm text-error" role="alert">
                    {skuError}
                  </p>
                )}
              </div>
              <Field
                className="w-44 sm:w-72"
                label={`Pieces of ${line.sku}`}
                name={`lines.${index}.quantity`}
                inputMode="numeric"
                value={line.quantity}
                error={fieldError(save.error, `lines.${index}.quantity`)}
                onChange={(event) => setQuantity(line.sku, event.target.value)}
              />
              <button
                type="button"
                className="btn btn-sm btn-ghost mt-7"
                aria-label={`Remove ${line.sku}`}
                onClick={() => remove(line.sku)}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      {lines.length === 0 && <p className="text-sm">Every line removed: a list keeps one line at least.</p>}
      <FormRefusal error={save.error} fields={lineFields} />
      {saved && !changed && <p role="status">Lines saved.</p>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={save.isPending || !changed}>
          Save lines
        </button>
        <button type="button" className="btn btn-sm" disabled={!changed} onClick={() => edit(() => draftOf(list))}>
          Undo changes
        </button>
      </div>
    </form>
  );
}

const wholeOrNull = (text: string) => {
  const trimmed = text.trim();
  return trimmed === "" || !Number.isFinite(Number(trimmed)) ? null : Number(trimmed);
};
