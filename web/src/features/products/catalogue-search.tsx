import { SEARCH_MAX_LENGTH } from "@forgeline/contract";
import type { FormEvent, ReactNode } from "react";
import { paths } from "../../config/paths";

/**
 * The catalogue's search landmark: a plain GET form to /availableProducts, so it works before (and
 * without) any script, and from the home page it does just that (no code to load for it there). The
 * catalogue page takes the form over (`onSubmit`, `onChange`) to move within the app, and adds its sort
 * and filter controls as `children`.
 */
export function CatalogueSearch({
  q,
  onSubmit,
  onChange,
  children,
}: {
  q: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onChange?: (event: FormEvent<HTMLFormElement>) => void;
  children?: ReactNode;
}) {
  return (
    <search aria-label="Catalogue">
      <form
        action={paths.availableProducts}
        method="get"
        onSubmit={onSubmit}
        onChange={onChange}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="flex min-w-56 flex-1 flex-col">
          <label htmlFor="catalogue-q" className="mb-1 text-sm font-medium">
            Search tools
          </label>
          <div className="join w-full">
            {/* Keyed by the address's search: going back to another search shows its text. */}
            <input
              key={q}
              id="catalogue-q"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="e.g. wrench"
              className="input join-item w-full"
            />
            <button type="submit" className="btn btn-primary join-item">
              Search
            </button>
          </div>
        </div>
        {children}
      </form>
    </search>
  );
}
