import { CATALOGUE_SORT_LABELS, CATALOGUE_SORTS, ORDER_MIN_QUANTITY } from "@forgeline/contract";
import type { FormEvent } from "react";
import { useNavigate } from "../../lib/router";
import { type CatalogueAddress, catalogueAddressOf, catalogueHref } from "./catalogue-address";
import { CatalogueSearch } from "./catalogue-search";

/**
 * The catalogue page's search with its sort and filter. Each change is a new address from page 1 (the
 * back button goes back a search): typing applies on Search (or Enter), the sort and the filter at once.
 */
export function CatalogueSearchWithOptions({ address }: { address: CatalogueAddress }) {
  const navigate = useNavigate();
  const go = (form: HTMLFormElement) => {
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(form)) fields.set(name, String(value));
    navigate(catalogueHref({ ...catalogueAddressOf(fields), page: 1 }));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(event.currentTarget);
  };
  const change = (event: FormEvent<HTMLFormElement>) => {
    if ((event.target as HTMLElement).getAttribute("name") !== "q") go(event.currentTarget);
  };

  return (
    <CatalogueSearch q={address.q} onSubmit={submit} onChange={change}>
      <div className="flex flex-col">
        <label htmlFor="catalogue-sort" className="mb-1 text-sm font-medium">
          Sort by
        </label>
        <select
          key={`${address.q} ${address.sort}`}
          id="catalogue-sort"
          name="sort"
          defaultValue={address.sort ?? ""}
          className="min-h-10 rounded-field border border-base-content/60 bg-base-100 px-2"
        >
          {/* No sort: best match first for a search, newest first for the whole catalogue. */}
          <option value="">{address.q ? "Best match" : CATALOGUE_SORT_LABELS.newest}</option>
          {CATALOGUE_SORTS.filter((sort) => address.q || sort !== "newest").map((sort) => (
            <option key={sort} value={sort}>
              {CATALOGUE_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <label className="flex min-h-10 items-center gap-2 text-sm">
        <input
          key={String(address.inStock)}
          type="checkbox"
          name="inStock"
          value="1"
          defaultChecked={address.inStock}
          className="checkbox checkbox-primary"
        />
        In stock for an order ({ORDER_MIN_QUANTITY}+ pieces)
      </label>
    </CatalogueSearch>
  );
}
