import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Spinner } from "./spinner";

/** The loading, error and empty states every list shows, around the list itself. */
export function QueryState<T>({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={`Loading ${what}`} />;
  if (query.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft my-6">
        <span>
          We could not load the {what}: {query.error.message}
        </span>
        <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (isEmpty(query.data)) return <p className="py-8 text-center text-base-content/70">{empty}</p>;
  return <>{children(query.data)}</>;
}
