import type { FormEvent, ReactNode } from "react";
import { useHydrated } from "../../lib/use-hydrated";

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md py-8">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-center text-2xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}

/** The identity provider's own message, in red (docs/SPEC-CONFORMANCE.md §8). */
export function ProviderError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="text-sm font-medium text-error" role="alert">
      {message}
    </p>
  );
}

/**
 * A sign-in page's form: its fields, the identity provider's message (then `notice`, when there is one), and the
 * submit button, which waits for the page to be live (use-hydrated.ts) and for the submit under way; `footer`
 * closes the form.
 */
export function AuthForm(props: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  providerError: string | null;
  submitLabel: string;
  children: ReactNode;
  notice?: ReactNode;
  footer?: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form noValidate onSubmit={props.onSubmit} className="flex flex-col gap-4">
      {props.children}
      <ProviderError message={props.providerError} />
      {props.notice}
      <button type="submit" className="btn btn-primary w-full" disabled={props.busy || !hydrated}>
        {props.submitLabel}
      </button>
      {props.footer}
    </form>
  );
}
