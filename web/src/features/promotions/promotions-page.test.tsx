import type { Promotion } from "@forgeline/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderPage, serveApi, tokenWith } from "../../test-utils";
import { conditionsText, promotionState } from "./describe-promotion";
import PromotionsPage from "./promotions-page";

const firstOrder: Promotion = {
  _id: "pr1",
  name: "30% off your first order",
  percent: 30,
  firstOrder: true,
  minPieces: null,
  startsAt: null,
  endsAt: null,
  active: true,
  createdAt: "2026-01-02T00:00:00.000Z",
};
const bulk: Promotion = {
  ...firstOrder,
  _id: "pr2",
  name: "40% off orders of 200 pieces or more",
  percent: 40,
  firstOrder: false,
  minPieces: 200,
  active: false,
  createdAt: "2026-01-01T00:00:00.000Z",
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const messageBeside = (label: string) =>
  document.getElementById(field(label).getAttribute("aria-describedby") ?? "")?.textContent ?? null;

function signInAsAdmin() {
  localStorage.setItem("accessToken", tokenWith({ sub: "admin@example.com", exp: Date.now() / 1000 + 3600 }));
}

describe("promotions in words", () => {
  it("names the conditions and the state", () => {
    expect(conditionsText(firstOrder)).toBe("First order only");
    expect(conditionsText(bulk)).toBe("200 pieces or more");
    expect(conditionsText({ firstOrder: false, minPieces: null })).toBe("Every order");
    const now = new Date("2026-06-01T00:00:00Z");
    expect(promotionState(firstOrder, now)).toBe("Active");
    expect(promotionState(bulk, now)).toBe("Ended");
    expect(promotionState({ ...firstOrder, endsAt: "2026-05-01T00:00:00Z" }, now)).toBe("Ended");
    expect(promotionState({ ...firstOrder, startsAt: "2026-07-01T00:00:00Z" }, now)).toBe("Scheduled");
  });
});

describe("/dashboard/promotions", () => {
  it("lists every promotion with its percent, conditions and state", async () => {
    signInAsAdmin();
    serveApi({ "GET /api/admin/promotions": { body: [firstOrder, bulk] } });
    renderPage(<PromotionsPage />);
    const row = (await screen.findByRole("rowheader", { name: firstOrder.name })).closest("tr") as HTMLElement;
    expect(within(row).getByText("30%")).toBeTruthy();
    expect(within(row).getByText("First order only")).toBeTruthy();
    expect(within(row).getByText("Active")).toBeTruthy();
    const ended = screen.getByRole("rowheader", { name: bulk.name }).closest("tr") as HTMLElement;
    expect(within(ended).getByText("Ended")).toBeTruthy();
    expect(within(ended).queryByRole("button", { name: `End ${bulk.name}` })).toBeNull();
  });

  it("starts a promotion, each problem beside its field first", async () => {
    signInAsAdmin();
    const sent = serveApi({
      "GET /api/admin/promotions": { body: [] },
      "POST /api/admin/promotions": { status: 201, body: { insertedId: "pr3" } },
    });
    renderPage(<PromotionsPage />);
    await screen.findByText("No promotions yet.");
    await userEvent.type(field("Percent off"), "95");
    await userEvent.click(screen.getByRole("button", { name: "Start promotion" }));
    await waitFor(() => expect(messageBeside("Name")).toBe("Name is Required"));
    expect(messageBeside("Percent off")).toBe("Maximum 90");

    await userEvent.type(field("Name"), "15% off 500 pieces");
    await userEvent.clear(field("Percent off"));
    await userEvent.type(field("Percent off"), "15");
    await userEvent.type(field("Minimum pieces (optional)"), "500");
    await userEvent.click(screen.getByLabelText("First order only"));
    await userEvent.click(screen.getByRole("button", { name: "Start promotion" }));
    await waitFor(() => expect(sent.some((request) => request.method === "POST")).toBe(true));
    expect(sent.find((request) => request.method === "POST")?.body).toEqual({
      name: "15% off 500 pieces",
      percent: 15,
      firstOrder: true,
      minPieces: 500,
      startsAt: null,
      endsAt: null,
      active: true,
    });
  });

  it("ends a promotion once the admin confirms", async () => {
    signInAsAdmin();
    const sent = serveApi({
      "GET /api/admin/promotions": { body: [firstOrder] },
      "PATCH /api/admin/promotions/pr1": { body: { ...firstOrder, active: false } },
    });
    renderPage(<PromotionsPage />);
    await userEvent.click(await screen.findByRole("button", { name: `End ${firstOrder.name}` }));
    const dialog = screen.getByRole("dialog", { name: `End ${firstOrder.name}?` });
    await userEvent.click(within(dialog).getByRole("button", { name: "End promotion" }));
    await waitFor(() => expect(sent.some((request) => request.method === "PATCH")).toBe(true));
    expect(sent.find((request) => request.method === "PATCH")?.body).toEqual({ active: false });
  });

  it("edits a promotion in the form, with its values", async () => {
    signInAsAdmin();
    const sent = serveApi({
      "GET /api/admin/promotions": { body: [firstOrder] },
      "PATCH /api/admin/promotions/pr1": { body: { ...firstOrder, percent: 25 } },
    });
    renderPage(<PromotionsPage />);
    await userEvent.click(await screen.findByRole("button", { name: `Edit ${firstOrder.name}` }));
    expect(screen.getByRole("heading", { name: `Edit ${firstOrder.name}` })).toBeTruthy();
    expect(field("Percent off").value).toBe("30");
    expect((screen.getByLabelText("First order only") as HTMLInputElement).checked).toBe(true);
    await userEvent.clear(field("Percent off"));
    await userEvent.type(field("Percent off"), "25");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(sent.some((request) => request.method === "PATCH")).toBe(true));
    expect(sent.find((request) => request.method === "PATCH")?.body).toEqual({
      name: firstOrder.name,
      percent: 25,
      firstOrder: true,
      minPieces: null,
      startsAt: null,
      endsAt: null,
    });
  });
});
