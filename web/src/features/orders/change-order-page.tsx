import { orderChangeRefusal } from "@forgeline/contract";
import { useQueries } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { FormRefusal, fieldError } from "../../components/form-refusal";
import { Link } from "../../components/link";
import { RefusalBeside } from "../../components/refusal-beside";
import { paths } from "../../config/paths";
import type { PageOrder } from "../../lib/order";
import { productQuery } from "../../lib/product-query";
import { useNavigate, useParams } from "../../lib/router";
import { notify } from "../../lib/toast";
import { useApplyChange, usePreviewChange } from "./api/change-order";
import { CallerOrder } from "./caller-order";
import { changeBodyOf, type DraftLine, draftOf, draftRefusal, ruleOfTool } from "./change-draft";
import { AddLineBySku, ChangeLines } from "./change-lines";
import { ChangePreview } from "./change-preview";

/**
 * /dashboard/myorders/:id/change: the buyer changes an order after placing it (issue 48; docs/decisions/
 * 072-order-changes.md, 075-the-change-order-page.md): the lines' pieces, a line removed or added, then "Preview
 * changes" shows each line's old and new price and the totals, and "Confirm change" applies it on the revision the
 * preview read at the total it showed. The server decides whether the order may change (`change:order` among its
 * actions) and checks every rule again; its refusals stand beside the button pressed.
 */
export default function ChangeOrderPage() {
  const { id = "" } = useParams();
  return (
    <CallerOrder id={id}>
      {(order) =>
        order.actions.includes("change:order") ? <ChangeOrder order={order} /> : <Unchangeable order={order} />
      }
    </CallerOrder>
  );
}

function Heading({ order }: { order: PageOrder }) {
  return (
    <div>
      <Link className="link text-sm" to={paths.myOrder(order._id)}>
        Back to order {order.number}
      </Link>
      <h1 id="change-heading" className="mt-2 text-2xl font-bold sm:text-3xl">
        Change order {order.number}
      </h1>
    </div>
  );
}

/** An order shipped, paid, invoiced or closed meanwhile (or never the caller's to change): why, and the way back. */
function Unchangeable({ order }: { order: PageOrder }) {
  return (
    <section aria-labelledby="change-heading" className="flex max-w-3xl flex-col gap-4">
      <Heading order={order} />
      <p role="status" className="alert alert-info alert-soft">
        {orderChangeRefusal(order) ?? "You cannot change this order: ask the buyer or an owner of your company."}
      </p>
    </section>
  );
}

function ChangeOrder({ order }: { order: PageOrder }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => draftOf(order));
  const products = useQueries({ queries: draft.map((line) => productQuery(line.productId)) });
  const rules = Object.fromEntries(
    draft.map((line, index) => {
      const product = products[index]?.data;
      return [line.productId, product ? ruleOfTool(product) : undefined];
    }),
  );
  const preview = usePreviewChange(order._id);
  const apply = useApplyChange(order._id);
  const [offRule, setOffRule] = useState<{ message: string } | null>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);

  // The preview takes the focus as it appears, so a phone shows it and a screen reader reads it.
  useEffect(() => {
    if (preview.data) previewHeading.current?.focus();
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

  async function confirm(previewed: NonNullable<typeof preview.data>) {
    try {
      await apply.mutateAsync({
        ...changeBodyOf(draft),
        revision: previewed.revision,
        expectedTotal: previewed.after.total,
      });
      notify("success", `Order ${order.number} is changed`);
      navigate(paths.myOrder(order._id));
    } catch {
      // Said beside the button (apply.error).
    }
  }

  const lineFields = draft.flatMap((_, index) => [`lines.${index}.quantity`, `lines.${index}.productId`]);
  const lineRefusal = (index: number) =>
    fieldError(preview.error, `lines.${index}.quantity`) ?? fieldError(preview.error, `lines.${index}.productId`);

  return (
    <section aria-labelledby="change-heading" className="flex max-w-3xl flex-col gap-6">
      <Heading order={order} />
      <p className="text-base-content/80">
        Change the pieces of a line, remove a line or add a tool. Nothing changes until you confirm: the preview shows
        every line's old and new price first. A changed or added line is priced at today's price for its pieces.
      </p>
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
          <h2 id="change-preview-heading" ref={previewHeading} tabIndex={-1} className="text-xl font-bold">
            Your order after the change
          </h2>
          <ChangePreview preview={preview.data} />
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
    </section>
  );
}
