/**
 * The catalogue's search, sort and filter (docs/decisions/013-catalogue-search-and-product-page.md). No zod
 * here: the catalogue page reads these without loading a schema library; product.ts validates with them.
 */

/** `sort` of GET /api/product and of /availableProducts; without one a search is ranked, a list newest first. */
export const CATALOGUE_SORTS = ["newest", "price-asc", "price-desc", "name"] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

export const CATALOGUE_SORT_LABELS: Record<CatalogueSort, string> = {
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  name: "Name: A to Z",
};

/** The longest search text (`q`) the catalogue takes. */
export const SEARCH_MAX_LENGTH = 100;

/** One page of the catalogue as GET /api/product reads it: paging, and optionally a search, a sort, a filter. */
export interface CatalogueQuery {
  limit: number;
  offset: number;
  /** Words in the name or description, ranked; trimmed, empty means no search. */
  q?: string | undefined;
  sort?: CatalogueSort | undefined;
  /** Only tools with stock for an order (ORDER_MIN_QUANTITY pieces or more). */
  inStock?: boolean | undefined;
}

/** A catalogue query as GET /api/product reads it from the address: what is not asked for is left out. */
export function catalogueSearchParams(query: CatalogueQuery): URLSearchParams {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.q) params.set("q", query.q);
  if (query.sort) params.set("sort", query.sort);
  if (query.inStock) params.set("inStock", "1");
  return params;
}
