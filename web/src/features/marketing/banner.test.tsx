import type { Promotion } from "@forgeline/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage, serveApi } from "../../test-utils";
import { activePromotionsQuery } from "./api/get-promotions";
import { Banner } from "./banner";

const promotion = (name: string): Promotion => ({
  _id: name,
  name,
  percent: 30,
  firstOrder: true,
  minPieces: null,
  startsAt: null,
  endsAt: null,
  active: true,
  createdAt: "2026-01-01T00:00:00.000Z",
});

describe("the banner", () => {
  it("claims the promotions running now, each by its name, and free shipping", () => {
    renderPage(<Banner />, {
      cached: [
        [
          activePromotionsQuery.queryKey,
          [promotion("30% off your first order"), promotion("40% off orders of 200 pieces or more")],
        ],
      ],
    });
    const claims = within(screen.getByRole("list", { name: "Promotions" })).getAllByRole("listitem");
    expect(claims.map((claim) => claim.textContent)).toEqual([
      "30% off your first order",
      "40% off orders of 200 pieces or more",
      "Free shipping",
    ]);
    expect(screen.getByText("Free shipping on every order")).toBeTruthy();
  });

  it("claims no discount while none runs", () => {
    renderPage(<Banner />, { cached: [[activePromotionsQuery.queryKey, []]] });
    const claims = within(screen.getByRole("list", { name: "Promotions" })).getAllByRole("listitem");
    expect(claims.map((claim) => claim.textContent)).toEqual(["Free shipping"]);
    expect(screen.queryByText(/% off/)).toBeNull();
  });

  it("asks for the promotions when the page was not rendered with them", async () => {
    serveApi({ "GET /api/promotions": { body: [promotion("10% off in May")] } });
    renderPage(<Banner />);
    expect(await screen.findByText("10% off in May")).toBeTruthy();
  });
});
