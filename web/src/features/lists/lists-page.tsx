import type { CartFillRow, SavedList } from "@forgeline/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Field, TextAreaField } from "../../components/field";
import { FormRefusal, fieldError } from "../../components/form-refusal";
import { Link } from "../../components/link";
import { ListPage } from "../../components/list-page";
import { endsSignIn, SignOutToLogin } from "../../components/sign-out-to-login";
import { listPaths } from "../../config/dashboard-paths";
import { paths } from "../../config/paths";
import { apiAuthed, downloadAuthed } from "../../lib/api-authed";
import { listApi } from "../../lib/api-routes/lists";
import { cartQueryKey } from "../../lib/query-keys";
import { ListLinesForm } from "./list-lines-form";

const listsQueryKey = ["lists"] as const;

/**
 * /dashboard/lists (docs/RECURRING.md, 'Saved lists'): the buyer's lists and those shared with their company. Each
 * goes into the cart with a report per line, as quick order's rows do; out as CSV and rows in through quick order's
 * reader; its lines' pieces changed or lines removed, renamed or deleted by its maker (or an owner, for a shared one).
 */
export default function ListsPage() {
  const lists = useQuery({ queryKey: listsQueryKey, queryFn: () => apiAuthed(listApi.lists) });
  if (endsSignIn(lists.error)) return <SignOutToLogin />;
  return (
    <ListPage
      id="lists-heading"
      title="Saved lists"
      query={lists}
      what="lists"
      empty={
        <>
          No list yet: choose "Save as list" on your{" "}
          <Link className="link link-primary" to={paths.cart}>
            cart
          </Link>{" "}
          or on an order.
        </>
      }
    >
      {(all) => (
        <ul className="flex flex-col gap-6" aria-label="Lists">
          {all.map((list) => (
            <li key={list._id}>
              <ListCard list={list} />
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}

function ListCard({ list }: { list: SavedList }) {
  const queryClient = useQueryClient();
  const headingId = `list-${list._id}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: listsQueryKey });
  const [report, setReport] = useState<CartFillRow[] | null>(null);
  const addToCart = useMutation({
    mutationFn: () => apiAuthed(listApi.addToCart(list._id)),
    onSuccess: (answer) => {
      queryClient.setQueryData(cartQueryKey, answer.cart);
      setReport(answer.report);
    },
  });
  const remove = useMutation({ mutationFn: () => apiAuthed(listApi.deleteList(list._id)), onSuccess: refresh });
  const mayChange = list.actions.includes("update:list");
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-300 p-4">
      <h2 id={headingId} className="text-xl font-bold break-words">
        {list.name}
      </h2>
      <p className="text-sm text-base-content/80">
        {list.shared ? "Shared with your company" : "Private"} · {list.lines.length}{" "}
        {list.lines.length === 1 ? "tool" : "tools"}
      </p>
      <div className="mt-2 overflow-x-auto">
        <table className="table table-sm" aria-label={`Lines of ${list.name}`}>
          <thead className="text-base-content">
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Tool</th>
              <th scope="col" className="text-right">
                Pieces
              </th>
            </tr>
          </thead>
          <tbody>
            {list.lines.map((line) => (
              <tr key={line.sku}>
                <td className="break-all">{line.sku}</td>
                <td>{line.forSale ? line.name : `${line.name ?? "Unknown tool"} (no longer sold)`}</td>
                <td className="text-right">{line.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-3 flex flex-wrap items-start gap-2">
        <div className="flex flex-col gap-1">
          <button
            type="button"
            className="btn btn-primary"
            disabled={addToCart.isPending}
            onClick={() => addToCart.mutate()}
          >
            Add to cart
          </button>
          <FormRefusal error={addToCart.error} fields={[]} />
        </div>
        <button
          type="button"
          className="btn"
          onClick={() => void downloadAuthed(listApi.csv(list._id), `${list.name}.csv`)}
        >
          Download CSV
        </button>
        <Link className="btn" to={`${listPaths.recurring}?list=${encodeURIComponent(list._id)}`}>
          Order on a schedule
        </Link>
        {list.actions.includes("delete:list") && (
          <div className="flex flex-col gap-1">
            <button type="button" className="btn btn-ghost" disabled={remove.isPending} onClick={() => remove.mutate()}>
              Delete list
            </button>
            <FormRefusal error={remove.error} fields={[]} />
          </div>
        )}
      </div>
      {report && <FillReport report={report} />}
      {mayChange && <ChangeList list={list} onChanged={refresh} />}
    </section>
  );
}

/** What became of each line put in the cart, as quick order reports its rows. */
function FillReport({ report }: { report: CartFillRow[] }) {
  const added = report.filter((row) => row.status === "added").length;
  return (
    <div role="status" className="mt-3 rounded-box bg-base-200 p-3">
      <p className="font-bold">
        {added} of {report.length} added to your cart.{" "}
        {added > 0 && (
          <Link className="link link-primary" to={paths.cart}>
            Go to your cart
          </Link>
        )}
      </p>
      <ul className="mt-1 text-sm">
        {report.map((row) => (
          <li key={row.row} className={row.status === "error" ? "text-error" : ""}>
            {row.sku}: {row.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Change the list's lines, rename it, and add rows to it (pasted, or a CSV file's text), each row reported. */
function ChangeList({ list, onChanged }: { list: SavedList; onChanged: () => void }) {
  const [linesSaved, setLinesSaved] = useState(false);
  const [name, setName] = useState(list.name);
  const [rows, setRows] = useState("");
  const [imported, setImported] = useState<CartFillRow[] | null>(null);
  const rename = useMutation({
    mutationFn: () => apiAuthed(listApi.changeList(list._id), { name }),
    onSuccess: onChanged,
  });
  const importRows = useMutation({
    mutationFn: () => apiAuthed(listApi.importRows(list._id), { text: rows }),
    onSuccess: (answer) => {
      setImported(answer.report);
      setRows("");
      onChanged();
    },
  });
  const submitName = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate();
  };
  const submitRows = (event: FormEvent) => {
    event.preventDefault();
    importRows.mutate();
  };
  return (
    <details className="mt-3">
      <summary className="cursor-pointer font-semibold">Change this list</summary>
      <ListLinesForm
        key={list.updatedAt}
        list={list}
        saved={linesSaved}
        onSaved={(saved) => {
          setLinesSaved(saved);
          if (saved) onChanged();
        }}
      />
      <form noValidate className="mt-4 flex flex-col gap-2" onSubmit={submitName} aria-label={`Rename ${list.name}`}>
        <Field
          label="New name"
          name="name"
          value={name}
          error={fieldError(rename.error, "name")}
          onChange={(event) => setName(event.target.value)}
        />
        <FormRefusal error={rename.error} fields={["name"]} />
        <button type="submit" className="btn btn-sm self-start" disabled={rename.isPending}>
          Rename
        </button>
      </form>
      <form
        noValidate
        className="mt-3 flex flex-col gap-2"
        onSubmit={submitRows}
        aria-label={`Add rows to ${list.name}`}
      >
        <TextAreaField
          label="Rows to add: SKU and pieces per line (pasted from a spreadsheet or a CSV file)"
          name="text"
          rows={3}
          value={rows}
          error={fieldError(importRows.error, "text")}
          onChange={(event) => setRows(event.target.value)}
        />
        <FormRefusal error={importRows.error} fields={["text"]} />
        <button type="submit" className="btn btn-sm self-start" disabled={importRows.isPending || rows.trim() === ""}>
          Add rows to list
        </button>
      </form>
      {imported && (
        <ul role="status" className="mt-2 text-sm" aria-label="Rows added to the list">
          {imported.map((row) => (
            <li key={row.row} className={row.status === "error" ? "text-error" : ""}>
              Row {row.row}, {row.sku}: {row.message}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
