import type { FormEvent, ReactNode } from "react";

/**
 * A dashboard page that is one form (Add Review, Update Profile, Add Product): its heading, its fields and
 * the submit button, off while the submit is under way.
 */
export function FormPage(props: {
  /** The heading's id, which names the page's section. */
  id: string;
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={props.id} className="max-w-xl">
      <h1 id={props.id} className="mb-4 text-2xl font-bold sm:text-3xl">
        {props.title}
      </h1>
      <form noValidate onSubmit={props.onSubmit} className="flex flex-col gap-4">
        {props.children}
        <button type="submit" className="btn btn-primary self-start" disabled={props.busy}>
          {props.submitLabel}
        </button>
      </form>
    </section>
  );
}
