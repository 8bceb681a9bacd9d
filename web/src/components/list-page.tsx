import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { QueryState } from "./query-state";

/**
 * A dashboard page that is a heading over one list: the list's loading, error and empty states are
 * QueryState's; `isEmpty` is needed only when the data is not the list itself (a page of it).
 */
export function ListPage<T>({
  id,
  title,
  query,
  what,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  empty,
  children,
}: {
  /** The heading's id, which names the page's section. */
  id: string;
  title: string;
  query: UseQueryResult<T>;
  what: string;
  isEmpty?: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h1 id={id} className="mb-4 text-2xl font-bold sm:text-3xl">
        {title}
      </h1>
      <QueryState query={query} what={what} isEmpty={isEmpty} empty={empty}>
        {children}
      </QueryState>
    </section>
  );
}
