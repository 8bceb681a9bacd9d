import type { Product } from "@forgeline/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderPage, serveApi } from "../../test-utils";
import { OrderModal } from "./order-modal";

const PRODUCT_ID = "3c1d2e3f-0000-4000-8000-000000000002";
const wrench: Product = {
  _id: PRODUCT_ID,
  name: "Torque wrench",
  price: 24.5,
  quantity: 150,
  image: "/images/wrench.webp",
  description: "Click-type.",
};
const customer = { email: "ana@example.com", name: "Ana" };

function renderModal(product: Product = wrench) {
  const onClose = vi.fn();
  renderPage(<OrderModal product={product} customer={customer} onClose={onClose} />);
  return onClose;
}

const quantityField = () => screen.getByRole("spinbutton") as HTMLInputElement;

describe("the order modal", () => {
  it("offers 100 pieces up to the stock, and shows the customer's name and email without sending them", () => {
    renderModal();
    expect(screen.getByRole("dialog", { name: "Torque wrench" })).toBeTruthy();
    expect(screen.getByLabelText("Quantity (100 to 150 pieces)")).toBe(quantityField());
    expect(quantityField().value).toBe("100");
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Ana");
    expect((screen.getByLabelText("Email") as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByTestId("order-total").textContent).toBe("$2,450.00");
  });

  it("caps the band at 200 pieces when the stock is larger", () => {
    renderModal({ ...wrench, quantity: 5000 });
    expect(screen.getByLabelText("Quantity (100 to 200 pieces)")).toBe(quantityField());
  });

  it("works out the total as the quantity changes", async () => {
    renderModal();
    await userEvent.clear(quantityField());
    await userEvent.type(quantityField(), "150");
    expect(screen.getByTestId("order-total").textContent).toBe("$3,675.00");
    await userEvent.clear(quantityField());
    expect(screen.getByTestId("order-total").textContent).toBe("$0.00");
  });

  it("says what is wrong beside each field, sending nothing", async () => {
    const sent = serveApi({});
    renderModal();
    await userEvent.clear(quantityField());
    await userEvent.type(quantityField(), "151");
    await userEvent.click(screen.getByRole("button", { name: "Place order" }));
    expect((await screen.findAllByRole("alert")).map((message) => message.textContent)).toEqual([
      "Order at most 150 pieces",
      "Phone is Required",
      "Address is Required",
    ]);
    expect(sent).toEqual([]);
  });

  it("sends the product as the spec's orderId with the form, then closes", async () => {
    const sent = serveApi({ "POST /api/ordering": { status: 201, body: { success: true, insertedId: "o1" } } });
    const onClose = renderModal();
    await userEvent.type(screen.getByLabelText("Phone"), "+1 555 0100");
    await userEvent.type(screen.getByLabelText("Delivery address"), "1 Yard Road");
    await userEvent.click(screen.getByRole("button", { name: "Place order" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText("Successfully ordered Torque wrench")).toBeTruthy();
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: "POST",
        path: "/api/ordering",
        body: { quantity: 100, phone: "+1 555 0100", address: "1 Yard Road", orderId: PRODUCT_ID },
      },
    ]);
  });

  it("says so when the customer already has an unpaid order for the product", async () => {
    serveApi({ "POST /api/ordering": { body: { success: false, insertedId: null } } });
    const onClose = renderModal();
    await userEvent.type(screen.getByLabelText("Phone"), "5550100");
    await userEvent.type(screen.getByLabelText("Delivery address"), "1 Yard Road");
    await userEvent.click(screen.getByRole("button", { name: "Place order" }));
    expect(await screen.findByText("You already have an unpaid order for Torque wrench")).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's quantity rule beside the field when it refuses the order", async () => {
    serveApi({
      "POST /api/ordering": {
        status: 400,
        body: {
          message: "quantity: Order at most 120 pieces",
          errors: [{ field: "quantity", message: "Order at most 120 pieces" }],
        },
      },
    });
    const onClose = renderModal();
    await userEvent.type(screen.getByLabelText("Phone"), "5550100");
    await userEvent.type(screen.getByLabelText("Delivery address"), "1 Yard Road");
    await userEvent.click(screen.getByRole("button", { name: "Place order" }));
    const message = await screen.findByText("Order at most 120 pieces");
    expect(quantityField().getAttribute("aria-describedby")).toBe(message.id);
    expect(onClose).not.toHaveBeenCalled();
  });
});
