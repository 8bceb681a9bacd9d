import { Link } from "./link";

/**
 * Previous and Next links around "Page n of N" for a list whose page is in the address: `hrefFor` gives
 * the address of another page, so a reload or a shared link shows the same page.
 */
export function Pager({
  label,
  page,
  pageCount,
  hrefFor,
}: {
  label: string;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-4">
      {page > 1 ? (
        <Link className="btn btn-sm" to={hrefFor(page - 1)}>
          Previous page
        </Link>
      ) : (
        <span className="btn btn-sm btn-disabled" aria-hidden="true">
          Previous page
        </span>
      )}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link className="btn btn-sm" to={hrefFor(page + 1)}>
          Next page
        </Link>
      ) : (
        <span className="btn btn-sm btn-disabled" aria-hidden="true">
          Next page
        </span>
      )}
    </nav>
  );
}

/** How many pages a list of `total` items fills: at least one, so an empty list is "Page 1 of 1". */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page `?page=` (or another parameter) asks for: 1 when it is absent or not a page number. */
export function requestedPage(searchParams: URLSearchParams, parameter = "page"): number {
  const requested = Number(searchParams.get(parameter) ?? "1");
  return Number.isInteger(requested) && requested > 0 ? requested : 1;
}
