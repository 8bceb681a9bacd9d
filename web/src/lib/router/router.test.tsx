import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy, Suspense } from "react";
import { describe, expect, it } from "vitest";
import { Link } from "../../components/link";
import {
  BrowserRouter,
  MemoryRouter,
  matchRoutes,
  Navigate,
  Outlet,
  type RouteObject,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from ".";

const Show = ({ name }: { name: string }) => {
  const params = useParams();
  return <p>{`${name} ${JSON.stringify(params)}`}</p>;
};

const nested: RouteObject[] = [
  { element: <Outlet />, children: [{ path: "quotes/:id", element: <Show name="quote" /> }] },
  { path: "*", element: <Show name="missing" /> },
];
const Nested = () => useRoutes(nested);
const table: RouteObject[] = [
  { index: true, element: <Show name="home" /> },
  { path: "product/:id", element: <Show name="product" /> },
  { path: "product/new", element: <Show name="new product" /> },
  { path: "dashboard/*", element: <Nested /> },
  { path: "*", element: <Show name="not found" /> },
];

function Address() {
  const { pathname, search, hash, state } = useLocation();
  return <output aria-label="Address">{pathname + search + hash + (state ? JSON.stringify(state) : "")}</output>;
}

const App = ({ children }: { children?: React.ReactNode }) => (
  <>
    {useRoutes(table)}
    {children}
    <Address />
  </>
);

const address = () => screen.getByRole("status", { name: "Address" }).textContent;

describe("matching, as React Router ranks and decodes", () => {
  it.each([
    ["/", ["index"]],
    ["/product/a%20b", ["product/:id"]],
    ["/PRODUCT/new/", ["product/new"]],
    ["/product/", ["*"]],
    ["/dashboard/quotes/1", ["dashboard/*"]],
  ])("%s", (path, routes) => {
    const matches = matchRoutes(table, path) ?? [];
    expect(matches.map((match) => match.route.path ?? (match.route.index ? "index" : ""))).toEqual(routes);
  });

  it("decodes params and hands a splat's rest to a nested table, with the parent's params", () => {
    expect(matchRoutes(table, "/product/a%20b")?.at(-1)?.params).toEqual({ id: "a b" });
    expect(matchRoutes(table, "/dashboard/quotes/1")?.at(-1)).toMatchObject({
      params: { "*": "quotes/1" },
      pathnameBase: "/dashboard",
    });
    render(
      <StaticRouter location="/dashboard/quotes/7?x=1">
        <App />
      </StaticRouter>,
    );
    expect(screen.getByText('quote {"*":"quotes/7","id":"7"}')).toBeTruthy();
    expect(address()).toBe("/dashboard/quotes/7?x=1");
  });
});

describe("navigation", () => {
  it("a link pushes its address; the same address again replaces it; back returns", async () => {
    function Back() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate(-1)}>
          Back
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={["/"]}>
        <App>
          <Link to="/product/p1?ref=1#top" state={{ from: "home" }}>
            Drill
          </Link>
          <Back />
        </App>
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Drill" }).getAttribute("href")).toBe("/product/p1?ref=1#top");
    await userEvent.click(screen.getByRole("link", { name: "Drill" }));
    expect(address()).toBe('/product/p1?ref=1#top{"from":"home"}');
    expect(screen.getByText('product {"id":"p1"}')).toBeTruthy();
    await userEvent.click(screen.getByRole("link", { name: "Drill" }));
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(address()).toBe("/");
  });

  it("sets the query of the same path, and redirects with Navigate", async () => {
    function Query() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams({ month: "2026-11" }, { replace: true })}>
          {`month ${params.get("month")}`}
        </button>
      );
    }
    const { unmount } = render(
      <MemoryRouter initialEntries={["/product/p1?month=2026-10"]}>
        <App>
          <Query />
        </App>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("button", { name: "month 2026-10" }));
    expect(address()).toBe("/product/p1?month=2026-11");
    unmount();
    render(
      <MemoryRouter initialEntries={["/old"]}>
        <App>
          <Navigate to="/product/p2" replace state={{ from: "old" }} />
        </App>
      </MemoryRouter>,
    );
    expect(address()).toBe('/product/p2{"from":"old"}');
  });

  it("waits for the page to be live before showing a new address, its state kept", async () => {
    window.history.replaceState(null, "", "/");
    const waiting: Array<() => void> = [];
    render(
      <BrowserRouter whenReady={(go) => waiting.push(go)}>
        <App>
          <Navigate to="/product/p3" replace state={{ from: { pathname: "/dashboard/myprofile" } }} />
        </App>
      </BrowserRouter>,
    );
    expect(address()).toBe("/");
    expect(window.location.pathname).toBe("/");
    await act(async () => {
      for (const go of waiting.splice(0)) go();
    });
    expect(address()).toBe('/product/p3{"from":{"pathname":"/dashboard/myprofile"}}');
    expect(window.location.pathname).toBe("/product/p3");
  });

  it("keeps the old page while the new route's code loads (a transition)", async () => {
    let arrive = () => {};
    const Later = lazy(
      () =>
        new Promise<{ default: () => React.ReactNode }>((resolve) => {
          arrive = () => resolve({ default: () => <p>Arrived</p> });
        }),
    );
    const routes: RouteObject[] = [
      { index: true, element: <Link to="/later">Go</Link> },
      { path: "later", element: <Later /> },
    ];
    const Routes = () => useRoutes(routes);
    render(
      <MemoryRouter>
        <Suspense fallback={<p>Loading</p>}>
          <Routes />
        </Suspense>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("link", { name: "Go" }));
    expect(screen.getByRole("link", { name: "Go" })).toBeTruthy();
    expect(screen.queryByText("Loading")).toBeNull();
    await act(async () => arrive());
    expect(await screen.findByText("Arrived")).toBeTruthy();
  });
});
