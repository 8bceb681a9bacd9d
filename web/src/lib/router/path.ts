/** An address within the app, as `window.location` splits it. */
export interface Path {
  pathname: string;
  /** "" or "?…" */
  search: string;
  /** "" or "#…" */
  hash: string;
}

/** Where a link or a navigation goes: an address ("/cart?x=1#y"), or its parts. */
export type To = string | Partial<Path>;

/** The parts of an address; those it lacks are empty. */
export function parsePath(address: string): Partial<Path> {
  const path: Partial<Path> = {};
  let rest = address;
  const hashAt = rest.indexOf("#");
  if (hashAt >= 0) {
    path.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf("?");
  if (searchAt >= 0) {
    path.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) path.pathname = rest;
  return path;
}

/** An address from its parts; a lone "?" or "#" is left out. */
export function createPath({ pathname = "/", search = "", hash = "" }: Partial<Path>): string {
  return pathname + (search === "?" ? "" : search) + (hash === "#" ? "" : hash);
}

/**
 * Where `to` leads from the address `from`: an absolute path as it is; without a path, `from`'s path (a search or
 * hash of the same page); a relative path (".." one segment up) from `from`'s path. React Router resolves a
 * relative path from the route's path rather than the address; the app's links are all absolute (config/paths.ts).
 */
export function resolveTo(to: To, from: string): Path {
  const path = typeof to === "string" ? parsePath(to) : to;
  let pathname = path.pathname ?? from;
  if (!pathname.startsWith("/")) {
    const segments = from.replace(/\/+$/, "").split("/");
    for (const segment of pathname.split("/")) {
      if (segment === "..") {
        if (segments.length > 1) segments.pop();
      } else if (segment !== ".") segments.push(segment);
    }
    pathname = segments.join("/") || "/";
  }
  return { pathname, search: path.search ?? "", hash: path.hash ?? "" };
}
