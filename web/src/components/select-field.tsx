import type { Ref, SelectHTMLAttributes } from "react";
import { FieldShell } from "./field";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  ref?: Ref<HTMLSelectElement>;
};

/** A choice from a short list, in the shape of every field: label above, the browser's own list, error beside. */
export function SelectField({ label, error, className, options, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} className={className}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          className="min-h-10 w-full rounded-field border border-base-content/60 bg-base-100 px-2"
          {...select}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
