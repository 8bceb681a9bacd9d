import type { ReactNode } from "react";

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
