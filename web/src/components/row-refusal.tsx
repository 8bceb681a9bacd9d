import { FormRefusal } from "./form-refusal";

/**
 * Why the shop refused a row's action (lib/row-actions.ts), on a line of its own under the row's buttons, focused
 * as it appears (refusal-beside.tsx).
 */
export function RowRefusal({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div className="basis-full">
      <FormRefusal error={error} fields={[]} />
    </div>
  );
}
