import {
  Children,
  isValidElement,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
} from "react";
import { type Location, LocationContext, NavigateContext, type NavigateOptions, RouteContext } from "./context";
import { matchRoutes, type Params, type RouteObject } from "./match";
import { createPath, type Path, resolveTo, type To } from "./path";

export function useLocation(): Location {
  return useContext(LocationContext);
}

/**
 * A function that stays the same for the router's life. The caller renders again at every new address, as with
 * React Router's (which reads the address): the navbar relies on it to show a sign-out its query cache made.
 */
export function useNavigate() {
  useContext(LocationContext);
  return useContext(NavigateContext);
}

/** The params of the routes matched down to the caller (a nested table's with its parent's). */
export function useParams(): Readonly<Params> {
  return useContext(RouteContext).matches.at(-1)?.params ?? {};
}

export function useResolvedPath(to: To): Path {
  const { pathname } = useLocation();
  return useMemo(() => resolveTo(to, pathname), [to, pathname]);
}

export function useHref(to: To): string {
  return createPath(useResolvedPath(to));
}

/**
 * A link's click: taken by the router (in a transition) unless it opens elsewhere (a modifier key, another
 * button, another target), in place of the current entry when it leads to the address already shown.
 */
export function useLinkClickHandler<E extends Element>(
  to: To,
  { target, replace, state }: { target?: string | undefined; replace?: boolean | undefined; state?: unknown } = {},
) {
  const navigate = useNavigate();
  const location = useLocation();
  const path = useResolvedPath(to);
  return useCallback(
    (event: MouseEvent<E>) => {
      if (event.button !== 0 || (target && target !== "_self")) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      navigate(to, { replace: replace ?? createPath(location) === createPath(path), state });
    },
    [navigate, location, path, to, target, replace, state],
  );
}

export type URLSearchParamsInit = string | string[][] | Record<string, string | string[]> | URLSearchParams;

function createSearchParams(init: URLSearchParamsInit): URLSearchParams {
  if (typeof init === "string" || Array.isArray(init) || init instanceof URLSearchParams) {
    return new URLSearchParams(init);
  }
  return new URLSearchParams(
    Object.entries(init).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => [name, v])),
  );
}

/** The address's query, and a setter that navigates to the same path with another (as React Router's does). */
export function useSearchParams() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const setSearchParams = useCallback(
    (next: URLSearchParamsInit | ((previous: URLSearchParams) => URLSearchParamsInit), options?: NavigateOptions) => {
      const init = typeof next === "function" ? next(new URLSearchParams(searchParams)) : next;
      navigate(`?${createSearchParams(init)}`, options);
    },
    [navigate, searchParams],
  );
  return [searchParams, setSearchParams] as const;
}

/** Navigates once it has rendered (in an effect: never during the server's render). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one navigation per mount, as the redirect it stands for.
  useEffect(() => {
    navigate(to, { replace, state });
  }, []);
  return null;
}

/** The child route's element, where a layout route places it. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

/**
 * The element of the route `routes` match for the address, inside those of its parent routes (whose `<Outlet />`
 * renders it). A table rendered under a splat route (`dashboard/*`) matches the rest of the address after it.
 */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { matches: parentMatches } = useContext(RouteContext);
  const { pathname } = useLocation();
  const parent = parentMatches.at(-1);
  const base = parent?.pathnameBase ?? "/";
  const remaining = base === "/" ? pathname : `/${pathname.split("/").slice(base.split("/").length).join("/")}`;
  const matches = (matchRoutes(routes, remaining) ?? []).map((match) => ({
    ...match,
    params: { ...parent?.params, ...match.params },
    pathname: base === "/" ? match.pathname : `${base}${match.pathname}`.replace(/\/\/+/g, "/"),
    pathnameBase: match.pathnameBase === "/" ? base : `${base}${match.pathnameBase}`.replace(/\/\/+/g, "/"),
  }));
  return matches.reduceRight<ReactNode>(
    (outlet, match, i) => (
      // biome-ignore lint/correctness/useJsxKeyInIterable: each wraps the next, one element, not a list of siblings.
      <RouteContext.Provider value={{ outlet, matches: [...parentMatches, ...matches.slice(0, i + 1)] }}>
        {match.route.element === undefined ? outlet : match.route.element}
      </RouteContext.Provider>
    ),
    null,
  );
}

interface RouteProps {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** A route of a `<Routes>` table written as elements (the unit tests' way); it renders nothing itself. */
export function Route(_props: RouteProps): null {
  return null;
}

function routesOf(children: ReactNode): RouteObject[] {
  return Children.toArray(children).flatMap((child) => {
    if (!isValidElement<RouteProps>(child)) return [];
    const { children: nested, ...route } = child.props;
    return [{ ...route, ...(nested ? { children: routesOf(nested) } : {}) }];
  });
}

/** `useRoutes` of a table written as `<Route>` elements. */
export function Routes({ children }: { children: ReactNode }) {
  return <>{useRoutes(routesOf(children))}</>;
}
