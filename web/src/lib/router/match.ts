import type { ReactNode } from "react";
import { type Path, parsePath } from "./path";

/**
 * A route of a table: React Router's route object, of the parts the app uses. `path` is relative to the parent's
 * ("product/:id", "dashboard/*", "*" the catch-all); a route without `path` or `index` only frames its children.
 */
export interface RouteObject {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

/** The values of a route's `:name` segments and of its `*` (the rest of the address), decoded. */
export type Params = Record<string, string | undefined>;

/** A route that an address reached, with the part of the address it matched. */
export interface RouteMatch {
  params: Params;
  pathname: string;
  /** The matched part without a splat's: what a nested table matches the rest of the address after. */
  pathnameBase: string;
  route: RouteObject;
}

interface Branch {
  score: number;
  /** The route and its ancestors, outermost first, with their positions among their siblings. */
  routes: { route: RouteObject; path: string; order: number }[];
}

const joinPaths = (paths: string[]) => paths.join("/").replace(/\/\/+/g, "/");
const trimSlashes = (path: string, keep = 0) => {
  let end = path.length;
  while (end > keep && path.charCodeAt(end - 1) === 47) end--;
  return path.slice(0, end);
};

/**
 * React Router's ranking (so the same address lands on the same route): a static segment 10, a `:param` 3, an
 * empty one 1, plus the number of segments, 2 more for an index, 2 fewer with a splat; siblings of equal score
 * in their order.
 */
function score(path: string, index: boolean | undefined): number {
  const segments = path.split("/");
  let total = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment !== "*") total += segment.startsWith(":") ? 3 : segment === "" ? 1 : 10;
  }
  return total;
}

function flatten(routes: RouteObject[], branches: Branch[] = [], parents: Branch["routes"] = [], parentPath = "") {
  routes.forEach((route, order) => {
    const chain = [...parents, { route, path: route.path ?? "", order }];
    const path = joinPaths([parentPath, route.path ?? ""]);
    if (route.children?.length) flatten(route.children, branches, chain, path);
    if (route.path != null || route.index) branches.push({ score: score(path, route.index), routes: chain });
  });
  return branches;
}

function rank(branches: Branch[]): Branch[] {
  const siblings = (a: Branch, b: Branch) =>
    a.routes.length === b.routes.length && a.routes.slice(0, -1).every((step, i) => step.order === b.routes[i]?.order);
  return branches.sort(
    (a, b) => b.score - a.score || (siblings(a, b) ? (a.routes.at(-1)?.order ?? 0) - (b.routes.at(-1)?.order ?? 0) : 0),
  );
}

/** A route path as a pattern (React Router's): `:name` one segment, a final `*` the rest; trailing slashes allowed. */
function matchPath(path: string, caseSensitive: boolean | undefined, end: boolean, pathname: string) {
  const names: string[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, "")
    .replace(/^\/*/, "/")
    .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return "/([^\\/]+)";
    })}`;
  if (path.endsWith("*")) {
    names.push("*");
    source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  } else if (end) source += "\\/*$";
  else if (path !== "" && path !== "/") source += "(?:(?=\\/|$))";
  const found = pathname.match(new RegExp(source, caseSensitive ? undefined : "i"));
  if (!found) return null;
  const matched = found[0];
  let pathnameBase = trimSlashes(matched, 1);
  const params: Params = {};
  names.forEach((name, i) => {
    const value = found[i + 1] ?? "";
    if (name === "*") pathnameBase = trimSlashes(matched.slice(0, matched.length - value.length), 1);
    params[name] = value.replace(/%2F/g, "/");
  });
  return { params, pathname: matched, pathnameBase };
}

/** Each segment decoded, a "/" inside one kept apart as %2F (React Router's decodePath). */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const params: Params = {};
  let matchedPathname = "/";
  const matches: RouteMatch[] = [];
  for (const [i, { route, path }] of branch.routes.entries()) {
    const remaining = matchedPathname === "/" ? pathname : pathname.slice(matchedPathname.length) || "/";
    const match = matchPath(path, route.caseSensitive, i === branch.routes.length - 1, remaining);
    if (!match) return null;
    Object.assign(params, match.params);
    matches.push({
      params,
      pathname: joinPaths([matchedPathname, match.pathname]),
      pathnameBase: trimSlashes(joinPaths([matchedPathname, match.pathnameBase])).replace(/^\/*/, "/"),
      route,
    });
    if (match.pathnameBase !== "/") matchedPathname = joinPaths([matchedPathname, match.pathnameBase]);
  }
  return matches;
}

const ranked = new WeakMap<RouteObject[], Branch[]>();

/**
 * The routes of `routes` that `pathname` reaches, outermost first, or null: React Router's `matchRoutes`, as the
 * browser's tables and the server renderer's `locate` use it (matched case-insensitively, params decoded).
 */
export function matchRoutes(routes: RouteObject[], location: string | Partial<Path>): RouteMatch[] | null {
  const pathname = (typeof location === "string" ? parsePath(location) : location).pathname;
  let branches = ranked.get(routes);
  if (!branches) {
    branches = rank(flatten(routes));
    ranked.set(routes, branches);
  }
  const decoded = decodePath(pathname || "/");
  for (const branch of branches) {
    const matches = matchBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}
