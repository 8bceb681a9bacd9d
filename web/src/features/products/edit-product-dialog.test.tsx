import type { Product } from "@forgeline/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderPage, serveApi } from "../../test-utils";
import { EditProductDialog } from "./edit-product-dialog";

const drill: Product = {
  _id: "p2",
  name: "Cordless drill",
  price: 99,
  quantity: 1000,
  image: "/images/drill.webp",
  description: "20 V.",
  sku: "FL-DRL-20V",
  quantityRule: { min: 100, max: 500, step: 25 },
  tiers: [{ minQuantity: 150, unitPrice: 89 }],
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const messageBeside = (label: string) =>
  document.getElementById(field(label).getAttribute("aria-describedby") ?? "")?.textContent ?? null;

describe("the Edit dialog's selling terms", () => {
  it("shows the tool's SKU, rule and tiers, and sends them changed", async () => {
    const sent = serveApi({ "PATCH /api/product/p2": { body: drill } });
    renderPage(<EditProductDialog product={drill} onClose={vi.fn()} />);
    expect(field("SKU").value).toBe("FL-DRL-20V");
    expect(field("Step").value).toBe("25");
    expect(field("Tier 1: unit price ($)").value).toBe("89");
    await userEvent.click(screen.getByRole("button", { name: "Add a tier" }));
    await userEvent.type(field("Tier 2: from pieces"), "300");
    await userEvent.type(field("Tier 2: unit price ($)"), "84");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(sent.some((request) => request.method === "PATCH")).toBe(true));
    expect(sent.find((request) => request.method === "PATCH")?.body).toMatchObject({
      sku: "FL-DRL-20V",
      quantityRule: { min: 100, max: 500, step: 25 },
      tiers: [
        { minQuantity: 150, unitPrice: 89 },
        { minQuantity: 300, unitPrice: 84 },
      ],
    });
  });

  it("checks the terms with the price, as the server does, each message beside its field", async () => {
    const sent = serveApi({});
    renderPage(<EditProductDialog product={drill} onClose={vi.fn()} />);
    await userEvent.clear(field("Step"));
    await userEvent.type(field("Step"), "30");
    await userEvent.clear(field("Price per piece ($)"));
    await userEvent.type(field("Price per piece ($)"), "80");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(messageBeside("Step")).toBe("The steps must lead from the minimum to the maximum"));
    expect(messageBeside("Tier 1: unit price ($)")).toBe("A tier price is below the product's price");
    expect(sent).toEqual([]);
  });

  it("shows a 400's field errors beside their fields", async () => {
    serveApi({
      "PATCH /api/product/p2": {
        status: 400,
        body: {
          message: "Invalid",
          errors: [{ field: "quantityRule.max", message: "Maximum pieces: Maximum 100,000" }],
        },
      },
    });
    renderPage(<EditProductDialog product={drill} onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(messageBeside("Maximum pieces")).toBe("Maximum pieces: Maximum 100,000"));
  });
});

describe("the Edit dialog's low-stock threshold", () => {
  it("shows the tool's own threshold and sends a new one", async () => {
    const sent = serveApi({ "PATCH /api/product/p2": { body: { ...drill, lowStockThreshold: 300 } } });
    renderPage(<EditProductDialog product={{ ...drill, lowStockThreshold: 250 }} onClose={vi.fn()} />);
    expect(field("Low-stock threshold").value).toBe("250");
    await userEvent.clear(field("Low-stock threshold"));
    await userEvent.type(field("Low-stock threshold"), "300");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(sent.some((request) => request.method === "PATCH")).toBe(true));
    expect(sent.find((request) => request.method === "PATCH")?.body).toMatchObject({ lowStockThreshold: 300 });
  });

  it("sends null for an empty field: the default, twice the minimum, which the field names", async () => {
    const sent = serveApi({ "PATCH /api/product/p2": { body: drill } });
    renderPage(<EditProductDialog product={{ ...drill, lowStockThreshold: 250 }} onClose={vi.fn()} />);
    await userEvent.clear(field("Low-stock threshold"));
    expect(field("Low-stock threshold").placeholder).toBe("Default: 200");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(sent.some((request) => request.method === "PATCH")).toBe(true));
    expect(sent.find((request) => request.method === "PATCH")?.body).toMatchObject({ lowStockThreshold: null });
  });

  it("refuses a negative threshold beside the field, before sending", async () => {
    const sent = serveApi({});
    renderPage(<EditProductDialog product={drill} onClose={vi.fn()} />);
    await userEvent.type(field("Low-stock threshold"), "-5");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(messageBeside("Low-stock threshold")).toBe("Low-stock threshold: minimum 0"));
    expect(sent).toEqual([]);
  });

  it("shows the server's 400 message beside the field", async () => {
    serveApi({
      "PATCH /api/product/p2": {
        status: 400,
        body: {
          message: "Invalid",
          errors: [{ field: "lowStockThreshold", message: "Low-stock threshold: Maximum 1,000,000" }],
        },
      },
    });
    renderPage(<EditProductDialog product={drill} onClose={vi.fn()} />);
    await userEvent.type(field("Low-stock threshold"), "40");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(messageBeside("Low-stock threshold")).toBe("Low-stock threshold: Maximum 1,000,000"));
  });
});

describe("the Edit dialog's backorders", () => {
  it("lets the tool take backorders with a lead time, and says a lead time out of range beside its field", async () => {
    const sent = serveApi({ "PATCH /api/product/p2": { body: drill } });
    renderPage(<EditProductDialog product={drill} onClose={vi.fn()} />);
    const takes = screen.getByRole("checkbox", { name: /Take orders above the stock/ });
    expect((takes as HTMLInputElement).checked).toBe(false);
    await userEvent.click(takes);
    await userEvent.type(field("Or lead time in days"), "400");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(messageBeside("Or lead time in days")).toBe("Lead time: 1 to 365 days"));
    expect(sent).toEqual([]);
    await userEvent.clear(field("Or lead time in days"));
    await userEvent.type(field("Or lead time in days"), "14");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(sent.some((request) => request.method === "PATCH")).toBe(true));
    expect(sent.find((request) => request.method === "PATCH")?.body).toMatchObject({
      backorders: { allowed: true, expectedAt: null, leadDays: 14 },
    });
  });
});
