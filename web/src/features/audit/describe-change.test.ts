import { expect, it } from "vitest";
import { describeChange } from "./describe-change";

it("names only the fields that changed, each before → after", () => {
  expect(
    describeChange(
      { status: "paid", carrier: null, trackingNumber: null, trackingUrl: null },
      { status: "shipped", carrier: "DHL", trackingNumber: "00340434", trackingUrl: null },
    ),
  ).toEqual(['status: "paid" → "shipped"', 'carrier: none → "DHL"', 'trackingNumber: none → "00340434"']);
});

it("shows values that are not records whole, and a missing side as none", () => {
  expect(describeChange({ role: "customer" }, null)).toEqual(['{"role":"customer"} → none']);
  expect(describeChange(null, { name: "Clamp", price: 19.99 })).toEqual(['none → {"name":"Clamp","price":19.99}']);
});
