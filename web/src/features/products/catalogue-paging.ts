import { PAGE_SIZE, type PageQuery } from "@forgeline/contract";

/** The catalogue page that `?page=` asks for on /availableProducts: 1 when it is absent or no page number. */
export function requestedCataloguePage(searchParams: URLSearchParams): number {
  const requested = Number.parseInt(searchParams.get("page") ?? "1", 10);
  return Number.isFinite(requested) && requested > 0 ? requested : 1;
}

/** The products on catalogue page `page` (counted from 1). */
export function cataloguePageRange(page: number): PageQuery {
  return { limit: PAGE_SIZE.catalogue, offset: (page - 1) * PAGE_SIZE.catalogue };
}
