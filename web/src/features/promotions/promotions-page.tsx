import type { Promotion } from "@forgeline/contract";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { DataTable } from "../../components/data-table";
import { QueryState } from "../../components/query-state";
import { RowActions } from "../../components/row-actions";
import { RowRefusal } from "../../components/row-refusal";
import { dateTimeText } from "../../lib/date-text";
import { useRowActions } from "../../lib/row-actions";
import { useAdminPromotions } from "./api/get-promotions";
import { useUpdatePromotion } from "./api/update-promotion";
import { conditionsText, promotionState } from "./describe-promotion";
import { PromotionForm } from "./promotion-form";

const COLUMNS = [
  { label: "Name" },
  { label: "Percent", numeric: true },
  { label: "For" },
  { label: "Starts" },
  { label: "Ends" },
  { label: "State" },
  { label: "Actions" },
];

/**
 * /dashboard/promotions (admins): every promotion, running or over, a form to start one, and Edit and End
 * (asked first) for each one still running. What is running is what the banner claims and the price
 * function applies (docs/SELLING-TO-BUSINESSES.md, 'One price function').
 */
export default function PromotionsPage() {
  const query = useAdminPromotions();
  const update = useUpdatePromotion();
  const [editing, setEditing] = useState<Promotion | null>(null);
  const [ending, setEnding] = useState<Promotion | null>(null);
  const rowActions = useRowActions();

  function end(promotion: Promotion) {
    void rowActions.run(
      promotion._id,
      () => update.mutateAsync({ id: promotion._id, patch: { active: false } }),
      `Promotion: ${promotion.name} is ended`,
    );
  }

  return (
    <section aria-labelledby="promotions-heading" className="flex flex-col gap-8">
      <h1 id="promotions-heading" className="text-2xl font-bold sm:text-3xl">
        Promotions
      </h1>
      <QueryState query={query} what="promotions" isEmpty={(rows) => rows.length === 0} empty="No promotions yet.">
        {(rows) => (
          <DataTable columns={COLUMNS}>
            {rows.map((promotion) => {
              const state = promotionState(promotion);
              return (
                <tr key={promotion._id}>
                  <th scope="row">{promotion.name}</th>
                  <td className="text-right">{promotion.percent}%</td>
                  <td>{conditionsText(promotion)}</td>
                  <td>{dateTimeText(promotion.startsAt)}</td>
                  <td>{dateTimeText(promotion.endsAt)}</td>
                  <td>{state}</td>
                  <RowActions>
                    <button
                      type="button"
                      className="btn btn-sm"
                      aria-label={`Edit ${promotion.name}`}
                      onClick={() => setEditing(promotion)}
                    >
                      Edit
                    </button>
                    {promotion.active && (
                      <button
                        type="button"
                        className="btn btn-sm btn-error btn-outline"
                        aria-label={`End ${promotion.name}`}
                        onClick={() => setEnding(promotion)}
                      >
                        End
                      </button>
                    )}
                    <RowRefusal error={rowActions.refusalOf(promotion._id)} />
                  </RowActions>
                </tr>
              );
            })}
          </DataTable>
        )}
      </QueryState>
      <PromotionForm key={editing?._id ?? "new"} promotion={editing} onDone={() => setEditing(null)} />
      {ending && (
        <ConfirmDialog
          title={`End ${ending.name}?`}
          confirmLabel="End promotion"
          onConfirm={() => end(ending)}
          onClose={() => setEnding(null)}
        >
          It leaves the banner at once, and no new order gets it. Orders already placed keep their discount.
        </ConfirmDialog>
      )}
    </section>
  );
}
