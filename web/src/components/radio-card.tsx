import type { InputHTMLAttributes, ReactNode, Ref } from "react";

type RadioCardProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "title"> & {
  title: string;
  /** A line or more under the title (an address keeps its line breaks). */
  detail?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/**
 * One choice of a radio group drawn as a card, the whole card its label: where an order goes (one of the company's
 * addresses) and how it is paid. The group's `<fieldset>` and legend are the caller's.
 */
export function RadioCard({ title, detail, ...input }: RadioCardProps) {
  return (
    <label className="flex items-start gap-2 rounded-field border border-base-300 bg-base-100 p-2">
      <input type="radio" className="mt-1 size-5 accent-primary" {...input} />
      <span className="min-w-0 text-sm">
        <span className="block font-semibold">{title}</span>
        {detail && <span className="block whitespace-pre-line">{detail}</span>}
      </span>
    </label>
  );
}
