import type { OrderChangeApplyBody, OrderChangeBody, OrderChangePreview } from "@forgeline/contract";
import { type UseMutationResult, useQueries } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { changeBodyOf, type DraftLine, draftOf, draftRefusal, ruleOfTool } from "../lib/change-draft";
import type { PageOrder } from "../lib/order";
import { productQuery } from "../lib/product-query";
import { AddLineBySku, ChangeLines } from "./change-lines";
import { ChangePreview } from "./change-preview";
import { FormRefusal, fieldError } from "./form-refusal";
import { RefusalBeside } from "./refusal-beside";

/**
 * Changing an order's lines (docs/decisions/075-the-change-order-page.md): the lines' pieces, a line removed or added,
 * then "Preview changes" shows each line's old and new price and the totals, and "Confirm change" applies it on the
 * revision the preview read at the total it showed. The buyer's page and the admin's (decision 078) each give their
 * own calls; the server checks every rule again, and its refusals stand beside the button pressed.
 */
export function OrderChangeEditor<Applied>({
  order,
  preview,
  apply,
  intro,
  previewHeading,
  previewNote,
  byTheShop = false,
  onApplied,
}: {
  order: Pick<PageOrder, "lines">;
  preview: UseMutationResult<OrderChangePreview, Error, OrderChangeBody>;
  apply: UseMutationResult<Applied, Error, OrderChangeApplyBody>;
  intro: ReactNode;
  previewHeading: string;
  /** Said under the preview, before "Confirm change" (an admin's rise waits for the buyer). */
  previewNote?: (previewed: OrderChangePreview) => ReactNode;
  /** An admin's page: the money the change moves is the buyer's. */
  byTheShop?: boolean;
  onApplied: (applied: Applied, previewed: OrderChangePreview) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(order));
  const products = useQueries({ queries: draft.map((line) => productQuery(line.productId)) });
  const rules = Object.fromEntries(
    draft.map((line, index) => {
      const product = products[index]?.data;
      return [line.productId, product ? ruleOfTool(product) : undefined];
    }),
  );
  const [offRule, setOffRule] = useState<{ message: string } | null>(null);
  const previewHeadingRef = useRef<HTMLHeadingElement>(null);

  // The preview takes the focus as it appears, so a phone shows it and a screen reader reads it.
  useEffect(() => {
    if (preview.data) previewHeadingRef.current?.focus();
  }, [preview.data]);

  /** Any edit makes the preview shown stale: it goes, and is asked again. */
  function edited(next: (draft: DraftLine[]) => DraftLine[]) {
    preview.reset();
    apply.reset();
    setOffRule(null);
    setDraft(next);
  }

  function askPreview() {
    apply.reset();
    const off = draft.find((line) => draftRefusal(line, rules[line.productId]));
    if (off) {
      setOffRule({ message: `Correct the pieces of ${off.name} first: ${draftRefusal(off, rules[off.productId])}.` });
      return;
    }
    setOffRule(null);
    preview.mutate(changeBodyOf(draft));
  }

  async function confirm(previewed: OrderChangePreview) {
    try {
      const body = { ...changeBodyOf(draft), revision: previewed.revision, expectedTotal: previewed.after.total };
      onApplied(await apply.mutateAsync(body), previewed);
    } catch {
      // Said beside the button (apply.error).
    }
  }

  const lineFields = draft.flatMap((_, index) => [`lines.${index}.quantity`, `lines.${index}.productId`]);
  const lineRefusal = (index: number) =>
    fieldError(preview.error, `lines.${index}.quantity`) ?? fieldError(preview.error, `lines.${index}.productId`);

  return (
    <>
      <p className="text-base-content/80">{intro}</p>
      <section aria-labelledby="change-lines-heading" className="flex flex-col gap-4">
        <h2 id="change-lines-heading" className="text-xl font-bold">
          Lines
        </h2>
        <ChangeLines
          draft={draft}
          rules={rules}
          serverRefusal={lineRefusal}
          onEdit={(at, line) =>
            edited((lines) =>
              line ? lines.map((old, index) => (index === at ? line : old)) : lines.filter((_, index) => index !== at),
            )
          }
        />
        <AddLineBySku
          has={(productId) => draft.some((line) => line.productId === productId)}
          onAdd={(line) => edited((lines) => [...lines, line])}
        />
        <div className="flex flex-col items-start gap-2">
          <button type="button" className="btn btn-primary" disabled={preview.isPending} onClick={askPreview}>
            Preview changes
          </button>
          <RefusalBeside refusal={offRule} message={offRule?.message ?? ""} />
          <FormRefusal error={preview.error} fields={lineFields} />
        </div>
      </section>
      {preview.data && (
        <section aria-labelledby="change-preview-heading" className="flex flex-col gap-4">
          <h2 id="change-preview-heading" ref={previewHeadingRef} tabIndex={-1} className="text-xl font-bold">
            {previewHeading}
          </h2>
          <ChangePreview preview={preview.data} byTheShop={byTheShop} />
          {previewNote?.(preview.data)}
          <div className="flex flex-col items-start gap-2">
            <button
              type="button"
              className="btn btn-primary"
              disabled={apply.isPending}
              onClick={() => preview.data && void confirm(preview.data)}
            >
              Confirm change
            </button>
            <FormRefusal error={apply.error} fields={[]} />
          </div>
        </section>
      )}
    </>
  );
}
