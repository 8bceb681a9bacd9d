import { type ReactNode, startTransition, useEffect, useMemo, useRef, useState } from "react";
import { type Location, LocationContext, NavigateContext, type NavigateFunction, type Navigator } from "./context";
import { createPath, type Path, parsePath, resolveTo } from "./path";

const newKey = () => Math.random().toString(36).slice(2, 10);

/** The router every other one is: the address it shows, and `navigate` resolving from the history's current path. */
function Router({ location, navigator, children }: { location: Location; navigator: Navigator; children: ReactNode }) {
  // One function for the router's life: effects may depend on it.
  const navigate = useMemo<NavigateFunction>(
    () =>
      ((to: Path | string | number, options: { replace?: boolean; state?: unknown } = {}) => {
        if (typeof to === "number") return navigator.go(to);
        const path = resolveTo(to, navigator.pathname());
        (options.replace ? navigator.replace : navigator.push)(path, options.state ?? null);
      }) as NavigateFunction,
    [navigator],
  );
  return (
    <NavigateContext.Provider value={navigate}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </NavigateContext.Provider>
  );
}

/** What React Router keeps in `history.state`, so an entry made by either reads the same after a reload. */
interface HistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const historyState = () => (window.history.state ?? {}) as HistoryState;

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const state = historyState();
  return { pathname, search, hash, state: state.usr ?? null, key: state.key || "default" };
}

/**
 * The app's router: the browser's history, each entry numbered (`history.state.idx`, 0 for the first page of the
 * visit, as React Router numbers them; order-details.tsx reads it to go back). A new address is shown in a
 * transition (React's `startTransition`): while the new route's code loads, the old page stays, live.
 * A navigation asked for before the page shown is live waits until it is (`whenReady`): a server-rendered page whose
 * content is still hydrating would otherwise hydrate the new route against the old one's HTML.
 */
export function BrowserRouter({
  whenReady = (go) => go(),
  children,
}: {
  whenReady?: (go: () => void) => void;
  children: ReactNode;
}) {
  const [location, setLocation] = useState(() => {
    if (historyState().idx == null) window.history.replaceState({ ...historyState(), idx: 0 }, "");
    return browserLocation();
  });
  const navigator = useMemo<Navigator>(() => {
    const write = (method: "pushState" | "replaceState", path: Path, state: unknown) =>
      whenReady(() => {
        const idx = (historyState().idx ?? 0) + (method === "pushState" ? 1 : 0);
        window.history[method]({ usr: state, key: newKey(), idx } satisfies HistoryState, "", createPath(path));
        startTransition(() => setLocation(browserLocation()));
      });
    return {
      pathname: () => window.location.pathname,
      push: (path, state) => write("pushState", path, state),
      replace: (path, state) => write("replaceState", path, state),
      go: (delta) => window.history.go(delta),
    };
  }, [whenReady]);
  // Back, forward, and a click on a "#…" link of the page, which the browser makes an entry of its own.
  useEffect(() => {
    const pop = () => startTransition(() => setLocation(browserLocation()));
    window.addEventListener("popstate", pop);
    return () => window.removeEventListener("popstate", pop);
  }, []);
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}

const locationOf = (address: string, state: unknown = null, key = "default"): Location => ({
  ...resolveTo(parsePath(address), "/"),
  state,
  key,
});

/** A router with its own list of entries, for the unit tests: `initialEntries` the addresses, the last one shown. */
export function MemoryRouter({ initialEntries = ["/"], children }: { initialEntries?: string[]; children: ReactNode }) {
  const entries = useRef(initialEntries.map((address) => locationOf(address)));
  const index = useRef(entries.current.length - 1);
  const [location, setLocation] = useState(() => entries.current[index.current] ?? locationOf("/"));
  const navigator = useMemo<Navigator>(() => {
    const show = () => startTransition(() => setLocation(entries.current[index.current] ?? locationOf("/")));
    return {
      pathname: () => entries.current[index.current]?.pathname ?? "/",
      push: (path, state) => {
        index.current += 1;
        entries.current.splice(index.current, Number.POSITIVE_INFINITY, locationOf(createPath(path), state, newKey()));
        show();
      },
      replace: (path, state) => {
        entries.current[index.current] = locationOf(createPath(path), state, newKey());
        show();
      },
      go: (delta) => {
        index.current = Math.min(Math.max(index.current + delta, 0), entries.current.length - 1);
        show();
      },
    };
  }, []);
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}

const serverCannotNavigate = () => {
  throw new Error("The server renderer cannot navigate: a page that redirects is rendered in the browser");
};

/** The server renderer's router: one address, no history. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const shown = locationOf(location);
  const navigator = useMemo<Navigator>(
    () => ({
      pathname: () => shown.pathname,
      push: serverCannotNavigate,
      replace: serverCannotNavigate,
      go: serverCannotNavigate,
    }),
    [shown.pathname],
  );
  return (
    <Router location={shown} navigator={navigator}>
      {children}
    </Router>
  );
}
