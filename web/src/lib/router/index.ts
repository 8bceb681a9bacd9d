/**
 * The app's router: React Router's names and meanings for the part of it the app uses (docs/decisions/071), in a
 * tenth of its bytes. Matching ranks routes as React Router does, so the server renderer's `locate` and the
 * browser land on the same route.
 */
export type { Location, NavigateFunction, NavigateOptions } from "./context";
export {
  Navigate,
  Outlet,
  Route,
  Routes,
  type URLSearchParamsInit,
  useHref,
  useLinkClickHandler,
  useLocation,
  useNavigate,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from "./hooks";
export { matchRoutes, type Params, type RouteMatch, type RouteObject } from "./match";
export { createPath, type Path, parsePath, type To } from "./path";
export { BrowserRouter, MemoryRouter, StaticRouter } from "./routers";
