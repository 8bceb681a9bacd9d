import { screen } from "@testing-library/react";
import { Suspense } from "react";
import { expect, it } from "vitest";
import { sessionQuery } from "../lib/session";
import { currentAddress, renderPage, serveApi, tokenWith } from "../test-utils";
import DashboardRoutes from "./dashboard-routes";

const EMAIL = "ana@example.com";
const refused = { status: 401, body: { message: "Refused" } };

it("a sign-in the server no longer takes ends at /login, each check asked once (spec point 4)", async () => {
  // A token that looks current to the browser, and an identity session that is gone.
  localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  const sent = serveApi({
    [`GET /api/admin/${encodeURIComponent(EMAIL)}`]: refused,
    [`GET /api/ordering?userEmail=${encodeURIComponent(EMAIL)}`]: refused,
    [`PUT /api/user/${encodeURIComponent(EMAIL)}`]: refused,
  });
  renderPage(
    <Suspense fallback={null}>
      <DashboardRoutes />
    </Suspense>,
    { at: "/dashboard", path: "/dashboard/*", cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Ana" }]] },
  );
  await screen.findByText("Signing out");
  await expect.poll(currentAddress).toBe("/login");
  expect(localStorage.getItem("accessToken")).toBeNull();
  const asked = sent.map((request) => `${request.method} ${request.path.split("?")[0]}`);
  expect(asked.filter((call) => call.startsWith("GET /api/admin/"))).toHaveLength(1);
  expect(asked.filter((call) => call === "GET /api/ordering")).toHaveLength(1);
  expect(asked.at(-1)).toBe("POST /api/auth/sign-out");
});
