import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderPage, serveApi } from "../../test-utils";
import AddProductPage from "./add-product-page";

// The picture's upload (XMLHttpRequest) stands in for the upload call.
vi.mock("../../lib/upload-image", () => ({ uploadImage: async () => "/images/new-tool.webp" }));

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The message shown beside a field (its aria-describedby). */
const messageBeside = (label: string) =>
  document.getElementById(field(label).getAttribute("aria-describedby") ?? "")?.textContent ?? null;

async function fillTheProduct() {
  await userEvent.type(field("Name"), "Cordless drill");
  await userEvent.type(field("Price per piece ($)"), "99");
  await userEvent.type(field("Quantity in stock"), "1000");
  await userEvent.type(screen.getByLabelText("Description"), "20 V.");
  await userEvent.upload(field("Picture"), new File(["x"], "drill.webp", { type: "image/webp" }));
  await screen.findByText("Picture uploaded");
}

describe("Add Product's selling terms", () => {
  it("starts from SPEC.md's band and no tiers; adds and removes tier rows up to five", async () => {
    renderPage(<AddProductPage />);
    expect(field("SKU").value).toBe("");
    expect(field("Minimum pieces").value).toBe("100");
    expect(field("Maximum pieces").value).toBe("200");
    expect(field("Step").value).toBe("1");
    for (let row = 0; row < 5; row += 1) await userEvent.click(screen.getByRole("button", { name: "Add a tier" }));
    expect(screen.queryByRole("button", { name: "Add a tier" })).toBeNull();
    expect(screen.getByLabelText("Tier 5: from pieces")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Remove tier 2" }));
    expect(screen.queryByLabelText("Tier 5: from pieces")).toBeNull();
    expect(screen.getByRole("button", { name: "Add a tier" })).toBeTruthy();
  });

  it("shows each problem of the rule and the tiers beside its field", async () => {
    const sent = serveApi({});
    renderPage(<AddProductPage />);
    await fillTheProduct();
    await userEvent.clear(field("Maximum pieces"));
    await userEvent.type(field("Maximum pieces"), "50");
    await userEvent.click(screen.getByRole("button", { name: "Add a tier" }));
    await userEvent.type(field("Tier 1: from pieces"), "150");
    await userEvent.type(field("Tier 1: unit price ($)"), "120");
    await userEvent.click(screen.getByRole("button", { name: "Add Product" }));
    await waitFor(() => expect(messageBeside("Maximum pieces")).toBe("Maximum pieces must be at least the minimum"));
    expect(messageBeside("Tier 1: unit price ($)")).toBe("A tier price is below the product's price");
    expect(sent).toEqual([]);
  });

  it("sends the terms as numbers, without a SKU when none is typed (the server makes one)", async () => {
    const sent = serveApi({ "POST /api/product": { status: 201, body: { insertedId: "p9" } } });
    renderPage(<AddProductPage />);
    await fillTheProduct();
    await userEvent.clear(field("Maximum pieces"));
    await userEvent.type(field("Maximum pieces"), "500");
    await userEvent.clear(field("Step"));
    await userEvent.type(field("Step"), "25");
    await userEvent.click(screen.getByRole("button", { name: "Add a tier" }));
    await userEvent.type(field("Tier 1: from pieces"), "150");
    await userEvent.type(field("Tier 1: unit price ($)"), "89");
    await userEvent.click(screen.getByRole("button", { name: "Add Product" }));
    await waitFor(() => expect(sent.some((request) => request.method === "POST")).toBe(true));
    const body = sent.find((request) => request.method === "POST")?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: "Cordless drill",
      price: 99,
      quantity: 1000,
      quantityRule: { min: 100, max: 500, step: 25 },
      tiers: [{ minQuantity: 150, unitPrice: 89 }],
    });
    expect(body).not.toHaveProperty("sku");
  });

  it("shows the server's field errors and a taken SKU beside their fields", async () => {
    serveApi({
      "POST /api/product": {
        status: 400,
        body: {
          message: "Invalid body",
          errors: [{ field: "tiers.0.minQuantity", message: "A tier starts between 100 and 200 pieces" }],
        },
      },
    });
    renderPage(<AddProductPage />);
    await fillTheProduct();
    await userEvent.click(screen.getByRole("button", { name: "Add a tier" }));
    await userEvent.type(field("Tier 1: from pieces"), "150");
    await userEvent.type(field("Tier 1: unit price ($)"), "89");
    await userEvent.click(screen.getByRole("button", { name: "Add Product" }));
    await waitFor(() => expect(messageBeside("Tier 1: from pieces")).toBe("A tier starts between 100 and 200 pieces"));
  });

  it("says a SKU is taken beside the SKU", async () => {
    serveApi({ "POST /api/product": { status: 409, body: { message: "SKU FL-DRL-20V is taken" } } });
    renderPage(<AddProductPage />);
    await fillTheProduct();
    await userEvent.type(field("SKU"), "fl-drl-20v");
    await userEvent.click(screen.getByRole("button", { name: "Add Product" }));
    await waitFor(() => expect(messageBeside("SKU")).toBe("SKU FL-DRL-20V is taken"));
  });
});
