import type { CartFillAnswer } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";
import { toolSteps } from "../test/tool-steps.js";

/**
 * Quick order's import and "Order again" (docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV import and reorder'),
 * through the API.
 */
describe("cart import and reorder", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
  });
  afterAll(() => ctx.close());

  const { call, newTool } = toolSteps(
    () => ctx.app,
    () => admin,
    { name: "Import", sku: "IMP", stock: 1000 },
  );

  it("reports each row of a file with a BOM, `;` separators, a header, a repeated SKU, an unknown SKU and an off-rule quantity", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await newTool();
    const saw = await newTool({ quantityRule: { min: 100, max: 500, step: 25 } });
    const text = [
      "\uFEFFSKU;Quantity",
      `${drill.sku.toLowerCase()};60`,
      `${saw.sku};110`,
      "NO-SUCH-SKU;100",
      "",
      `${drill.sku};40`,
    ].join("\r\n");
    const response = await call("POST", "/api/cart/import", buyer, { text });
    expect(response.statusCode, response.body).toBe(200);
    const { report, cart } = response.json<CartFillAnswer>();
    // The two rows of the drill are one line, answered once at its first row.
    expect(report.map((row) => [row.row, row.sku, row.quantity, row.status])).toEqual([
      [2, drill.sku, 100, "added"],
      [3, saw.sku, 110, "error"],
      [4, "NO-SUCH-SKU", 100, "error"],
    ]);
    expect(report[1]?.message).toContain("100 or 125");
    expect(report[2]?.message).toBe("No tool has SKU NO-SUCH-SKU");
    expect(report[0]?.message).toBe(`Added 100 pieces (rows 2, 6 of ${drill.sku} summed)`);
    expect(report[0]?.summed).toEqual({ count: 2, rows: [2, 6] });
    expect(report[1]?.summed).toBeUndefined();
    expect(cart.lines.map((line) => [line.sku, line.quantity])).toEqual([[drill.sku, 100]]);
  });

  it("answers a SKU repeated on hundreds of rows once, naming how many and the first ten, in a small answer", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await newTool({ quantity: 1000, quantityRule: { min: 1, max: 1000, step: 1 } });
    const rows = (sku: string) => Array.from({ length: 250 }, () => `${sku},2`);
    const text = [...rows(drill.sku), ...rows("NO-SUCH-SKU")].join("\n");
    const response = await call("POST", "/api/cart/import", buyer, { text });
    expect(response.statusCode, response.body).toBe(200);
    const { report, cart } = response.json<CartFillAnswer>();
    const firstTen = (from: number) => Array.from({ length: 10 }, (_, index) => from + index);
    expect(report).toEqual([
      {
        row: 1,
        sku: drill.sku,
        quantity: 500,
        status: "added",
        message: `Added 500 pieces (250 rows of ${drill.sku} summed: ${firstTen(1).join(", ")} and 240 more)`,
        summed: { count: 250, rows: firstTen(1) },
      },
      {
        row: 251,
        sku: "NO-SUCH-SKU",
        quantity: 500,
        status: "error",
        message: `No tool has SKU NO-SUCH-SKU (250 rows of NO-SUCH-SKU summed: ${firstTen(251).join(", ")} and 240 more)`,
        summed: { count: 250, rows: firstTen(251) },
      },
    ]);
    expect(cart.lines.map((line) => [line.sku, line.quantity])).toEqual([[drill.sku, 500]]);
    expect(response.body.length).toBeLessThan(4096);
  });

  it("takes a CSV file as text/csv, and refuses a binary or oversized one whole", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await newTool();
    const csv = await ctx.app.inject({
      method: "POST",
      url: "/api/cart/import",
      headers: { ...bearer(buyer.token), "content-type": "text/csv" },
      payload: Buffer.from(`${drill.sku}\t150\n`),
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.json<CartFillAnswer>().report[0]).toMatchObject({ row: 1, status: "added", quantity: 150 });

    const other = await signUp(ctx.app);
    const binary = await ctx.app.inject({
      method: "POST",
      url: "/api/cart/import",
      headers: { ...bearer(other.token), "content-type": "text/csv" },
      payload: Buffer.from([0x46, 0x4c, 0xff, 0xfe, 0x00, 0x2c, 0x31]),
    });
    expect(binary.statusCode).toBe(400);
    const nul = await call("POST", "/api/cart/import", other, { text: `${drill.sku},100\u0000` });
    expect(nul.statusCode).toBe(400);
    const big = await call("POST", "/api/cart/import", other, { text: `${drill.sku},100\n`.repeat(20_000) });
    expect(big.statusCode).toBe(400);
    const many = await call("POST", "/api/cart/import", other, { text: `${drill.sku},100\n`.repeat(501) });
    expect(many.statusCode).toBe(400);
    // A quote opened and never closed: no row can be told from the next, so none is added, and the row is named.
    const unclosed = await call("POST", "/api/cart/import", other, { text: `${drill.sku},100\n"${drill.sku},150\n` });
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().errors).toEqual([
      { field: "text", message: "Row 2: a cell's opening quote is never closed" },
    ]);
    expect((await call("GET", "/api/cart", other)).json().lines).toEqual([]);
  });

  it("orders again at today's prices, with a note for a withdrawn tool", async () => {
    const buyer = await signUp(ctx.app);
    const kept = await newTool();
    const withdrawn = await newTool();
    for (const tool of [kept, withdrawn]) await call("PUT", `/api/cart/lines/${tool._id}`, buyer, { quantity: 120 });
    const cart = (await call("GET", "/api/cart", buyer)).json();
    const placed = await call("POST", "/api/cart/checkout", buyer, { ...CONTACT, expectedTotal: cart.total });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().insertedId;
    expect((await call("DELETE", `/api/product/${withdrawn._id}`, admin)).statusCode).toBe(200);
    await call("PATCH", `/api/product/${kept._id}`, admin, { price: 12 });

    const again = await call("POST", `/api/ordering/${orderId}/reorder`, buyer);
    expect(again.statusCode, again.body).toBe(200);
    const answer = again.json<CartFillAnswer>();
    expect(answer.report.map((row) => [row.sku, row.status])).toEqual([
      [kept.sku, "added"],
      [withdrawn.sku, "error"],
    ]);
    expect(answer.report[1]?.message).toContain("no longer in the catalogue");
    expect(answer.cart.lines.map((line) => [line.sku, line.quantity, line.unitPrice])).toEqual([[kept.sku, 120, 12]]);

    const stranger = await signUp(ctx.app);
    expect((await call("POST", `/api/ordering/${orderId}/reorder`, stranger)).statusCode).toBe(404);
  });
});
