import { createContext } from "react";
import type { RouteMatch } from "./match";
import type { Path, To } from "./path";

/** The address a router shows, with the navigation's state and a key of its own per navigation. */
export interface Location<State = unknown> extends Path {
  state: State;
  /** "default" for the first page; a new random key for every navigation. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Goes to `to` (a new history entry, or in place with `replace`), or `delta` entries back or forward. */
export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

/** What a router does with a navigation: the browser's history, a list in memory, or nothing (the server). */
export interface Navigator {
  /** The path now in the history (ahead of the one shown while a transition renders): where `to` resolves from. */
  pathname(): string;
  push(path: Path, state: unknown): void;
  replace(path: Path, state: unknown): void;
  go(delta: number): void;
}

export const LocationContext = createContext<Location>({
  pathname: "/",
  search: "",
  hash: "",
  state: null,
  key: "default",
});

export const NavigateContext = createContext<NavigateFunction>(() => {
  throw new Error("Navigation outside a router");
});

/** The routes matched above a component (outermost first), and what an `<Outlet />` there renders. */
export const RouteContext = createContext<{ matches: RouteMatch[]; outlet: React.ReactNode }>({
  matches: [],
  outlet: null,
});
