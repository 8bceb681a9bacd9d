import {
  CATALOGUE_SORTS,
  type CatalogueQuery,
  type CatalogueSort,
  PAGE_SIZE,
  SEARCH_MAX_LENGTH,
} from "@forgeline/contract";
import { paths } from "../../config/paths";

/**
 * What /availableProducts shows, all of it in the address (`q`, `sort`, `inStock=1`, `page`), so that a
 * search can be shared, reloaded and gone back to. An address is read leniently: what makes no sense
 * there (an unknown sort, page 0) is left out, never an error; the API is the strict one.
 */
export interface CatalogueAddress {
  q: string;
  sort: CatalogueSort | undefined;
  inStock: boolean;
  /** Counted from 1. */
  page: number;
}

const isSort = (value: string | null): value is CatalogueSort =>
  (CATALOGUE_SORTS as readonly (string | null)[]).includes(value);

export function catalogueAddressOf(searchParams: URLSearchParams): CatalogueAddress {
  const sort = searchParams.get("sort");
  const page = Number.parseInt(searchParams.get("page") ?? "1", 10);
  return {
    q: (searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    sort: isSort(sort) ? sort : undefined,
    inStock: searchParams.get("inStock") === "1",
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The API query of the catalogue page an address shows: 9 tools a page. */
export function catalogueQueryFor({ q, sort, inStock, page }: CatalogueAddress): CatalogueQuery {
  return {
    limit: PAGE_SIZE.catalogue,
    offset: (page - 1) * PAGE_SIZE.catalogue,
    ...(q ? { q } : {}),
    ...(sort ? { sort } : {}),
    ...(inStock ? { inStock } : {}),
  };
}

/** The address of a catalogue view; page 1 and the defaults are left out, so every view has one address. */
export function catalogueHref({ q, sort, inStock, page }: CatalogueAddress): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (sort) params.set("sort", sort);
  if (inStock) params.set("inStock", "1");
  if (page > 1) params.set("page", String(page));
  return params.size > 0 ? `${paths.availableProducts}?${params}` : paths.availableProducts;
}
