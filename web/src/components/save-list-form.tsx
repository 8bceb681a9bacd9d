import type { ListLineBody } from "@forgeline/contract";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { listPaths } from "../config/dashboard-paths";
import { apiAuthed } from "../lib/api-authed";
import { listApi } from "../lib/api-routes/lists";
import { Field } from "./field";
import { FormRefusal, fieldError } from "./form-refusal";
import { Link } from "./link";

/**
 * "Save as list" (docs/RECURRING.md, 'Saved lists'): the cart's or an order's lines kept under a name, private or
 * shared with the buyer's company. A line the shop no longer sells as it was is refused by the server, its reason
 * shown beside the button.
 */
export function SaveListForm({ lines, defaultName }: { lines: readonly ListLineBody[]; defaultName: string }) {
  const headingId = useId();
  const [name, setName] = useState(defaultName);
  const [shared, setShared] = useState(false);
  const save = useMutation({
    mutationFn: () => apiAuthed(listApi.createList, { name, shared, lines: [...lines] }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form noValidate aria-labelledby={headingId} className="flex flex-col gap-3" onSubmit={submit}>
      <h2 id={headingId} className="text-xl font-bold">
        Save as list
      </h2>
      <Field
        label="List name"
        name="name"
        value={name}
        error={fieldError(save.error, "name")}
        onChange={(event) => setName(event.target.value)}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-primary"
          name="shared"
          checked={shared}
          onChange={(event) => setShared(event.target.checked)}
        />
        Share with my company
      </label>
      {fieldError(save.error, "shared") && <p className="text-sm text-error">{fieldError(save.error, "shared")}</p>}
      <FormRefusal error={save.error} fields={["name", "shared"]} />
      {save.isSuccess && (
        <p role="status" className="text-sm">
          Saved.{" "}
          <Link className="link link-primary" to={listPaths.lists}>
            Open your lists
          </Link>
        </p>
      )}
      <button type="submit" className="btn" disabled={save.isPending || lines.length === 0}>
        Save as list
      </button>
    </form>
  );
}
