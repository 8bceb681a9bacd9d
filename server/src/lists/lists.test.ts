import type { CartFillAnswer, ListImportAnswer, SavedList } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../company/queries/members.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { createTestApp } from "../test/test-app.js";
import { toolSteps } from "../test/tool-steps.js";

/** Saved lists (docs/RECURRING.md, 'Saved lists') through the API, on PGlite and on PostgreSQL. */
describe("saved lists", () => {
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
    { name: "List", sku: "LST", stock: 1000 },
  );

  /** A company of an owner with a buyer and a requester in it. */
  async function company() {
    const [owner, buyer, requester] = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUp(ctx.app)]);
    const made = await call("POST", "/api/companies", owner, { name: `Lists Co ${Date.now()}` });
    const companyId: string = made.json().insertedId;
    await addMember(ctx.app.db, { companyId, email: buyer.email, role: "buyer" });
    await addMember(ctx.app.db, { companyId, email: requester.email, role: "requester" });
    return { owner, buyer, requester, companyId };
  }

  it("creates, reads, renames, edits and deletes a list; lines keep their SKU in any case", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await newTool();
    const saw = await newTool({ quantityRule: { min: 100, max: 500, step: 25 } });
    const created = await call("POST", "/api/lists", buyer, {
      name: "Site kit",
      lines: [
        { sku: drill.sku.toLowerCase(), quantity: 120 },
        { sku: saw.sku, quantity: 150 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().insertedId;
    const read = (await call("GET", `/api/lists/${id}`, buyer)).json<SavedList>();
    expect(read).toMatchObject({
      name: "Site kit",
      shared: false,
      lines: [
        { sku: drill.sku, quantity: 120, name: drill.name, forSale: true },
        { sku: saw.sku, quantity: 150, name: saw.name, forSale: true },
      ],
      actions: ["update:list", "delete:list"],
    });
    const renamed = await call("PATCH", `/api/lists/${id}`, buyer, {
      name: "Monday kit",
      lines: [{ sku: saw.sku, quantity: 175 }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<SavedList>()).toMatchObject({ name: "Monday kit", lines: [{ sku: saw.sku, quantity: 175 }] });
    expect((await call("GET", "/api/lists", buyer)).json<SavedList[]>().map((list) => list.name)).toEqual([
      "Monday kit",
    ]);
    expect((await call("DELETE", `/api/lists/${id}`, buyer)).statusCode).toBe(200);
    expect((await call("GET", `/api/lists/${id}`, buyer)).statusCode).toBe(404);
  });

  it("refuses each line with an unknown SKU, a withdrawn tool or a quantity off the rule, naming it; stores nothing", async () => {
    const buyer = await signUp(ctx.app);
    const saw = await newTool({ quantityRule: { min: 100, max: 500, step: 25 } });
    const gone = await newTool();
    expect((await call("DELETE", `/api/product/${gone._id}`, admin)).statusCode).toBe(200);
    const refused = await call("POST", "/api/lists", buyer, {
      name: "Bad kit",
      lines: [
        { sku: saw.sku, quantity: 110 },
        { sku: "NO-SUCH-SKU", quantity: 100 },
        { sku: gone.sku, quantity: 100 },
        { sku: saw.sku, quantity: 125 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: "lines.0.quantity", message: `${saw.name}: Order 100 to 500 pieces in steps of 25: 100 or 125` },
      { field: "lines.1.sku", message: "No tool has SKU NO-SUCH-SKU" },
      { field: "lines.2.sku", message: `${gone.name} (${gone.sku}) is no longer in the catalogue` },
      { field: "lines.3.sku", message: `${saw.sku} is on line 1 already: sum them there` },
    ]);
    expect((await call("GET", "/api/lists", buyer)).json()).toEqual([]);
    const noLines = await call("POST", "/api/lists", buyer, { name: "Empty", lines: [] });
    expect(noLines.statusCode).toBe(400);
    expect(noLines.json().errors[0].field).toBe("lines");
  });

  it("puts a list in the cart with quick order's report per line: 1 of 2 added, one tool withdrawn", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await newTool();
    const later = await newTool();
    const made = await call("POST", "/api/lists", buyer, {
      name: "Kit",
      lines: [
        { sku: drill.sku, quantity: 100 },
        { sku: later.sku, quantity: 100 },
      ],
    });
    const id = made.json().insertedId;
    await call("DELETE", `/api/product/${later._id}`, admin);
    const listed = (await call("GET", `/api/lists/${id}`, buyer)).json<SavedList>();
    expect(listed.lines.map((line) => line.forSale)).toEqual([true, false]);
    const filled = await call("POST", `/api/lists/${id}/cart`, buyer);
    expect(filled.statusCode, filled.body).toBe(200);
    const { report, cart } = filled.json<CartFillAnswer>();
    expect(report).toEqual([
      { row: 1, sku: drill.sku, quantity: 100, status: "added", message: "Added 100 pieces" },
      {
        row: 2,
        sku: later.sku,
        quantity: 100,
        status: "error",
        message: `${later.name} is no longer in the catalogue`,
      },
    ]);
    expect(cart.lines.map((line) => [line.sku, line.quantity])).toEqual([[drill.sku, 100]]);
  });

  it("exports a list as CSV and imports rows through quick order's reader, each row reported", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await newTool();
    const saw = await newTool({ quantityRule: { min: 100, max: 500, step: 25 } });
    const id = (
      await call("POST", "/api/lists", buyer, { name: "Kit", lines: [{ sku: drill.sku, quantity: 100 }] })
    ).json().insertedId;
    const csv = await call("GET", `/api/lists/${id}/csv`, buyer);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body).toBe(`"sku","quantity"\r\n"${drill.sku}",100\r\n`);
    const text = [
      "\uFEFFSKU;Qty",
      `${saw.sku.toLowerCase()};110`,
      "NO-SUCH;100",
      `${drill.sku};20`,
      `${saw.sku};15`,
    ].join("\n");
    const imported = await call("POST", `/api/lists/${id}/import`, buyer, { text });
    expect(imported.statusCode, imported.body).toBe(200);
    const { report, list } = imported.json<ListImportAnswer>();
    expect(report.map((row) => [row.row, row.sku, row.quantity, row.status, row.message])).toEqual([
      [2, saw.sku, 125, "added", `Added 125 pieces (rows 2, 5 of ${saw.sku} summed)`],
      [3, "NO-SUCH", 100, "error", "No tool has SKU NO-SUCH"],
      [4, drill.sku, 20, "added", "Added: the list now holds 120 pieces"],
    ]);
    expect(list.lines.map((line) => [line.sku, line.quantity])).toEqual([
      [drill.sku, 120],
      [saw.sku, 125],
    ]);
    const binary = await call("POST", `/api/lists/${id}/import`, buyer, { text: "\u0000\u0001" });
    expect(binary.statusCode).toBe(400);
    expect(binary.json().errors[0].field).toBe("text");
  });

  it("shares a list with the company: members read it and fill carts from it, only its maker or an owner changes it", async () => {
    const { owner, buyer, requester } = await company();
    const stranger = await signUp(ctx.app);
    const drill = await newTool();
    const lines = [{ sku: drill.sku, quantity: 100 }];
    const shared = (await call("POST", "/api/lists", buyer, { name: "Crew kit", shared: true, lines })).json()
      .insertedId;
    const own = (await call("POST", "/api/lists", buyer, { name: "My kit", lines })).json().insertedId;
    expect((await call("GET", "/api/lists", requester)).json<SavedList[]>().map((list) => list.name)).toEqual([
      "Crew kit",
    ]);
    expect((await call("GET", `/api/lists/${shared}`, requester)).json<SavedList>().actions).toEqual([]);
    expect((await call("POST", `/api/lists/${shared}/cart`, requester)).statusCode).toBe(200);
    expect((await call("PATCH", `/api/lists/${shared}`, requester, { name: "Mine now" })).statusCode).toBe(403);
    expect((await call("GET", `/api/lists/${own}`, requester)).statusCode).toBe(404);
    expect((await call("GET", `/api/lists/${shared}`, stranger)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/lists/${shared}`, stranger)).statusCode).toBe(404);
    expect((await call("PATCH", `/api/lists/${shared}`, owner, { name: "Crew kit 2" })).statusCode).toBe(200);
    // Made private again, it is its maker's alone: the owner no longer sees it.
    expect((await call("PATCH", `/api/lists/${shared}`, buyer, { shared: false })).statusCode).toBe(200);
    expect((await call("GET", `/api/lists/${shared}`, owner)).statusCode).toBe(404);
    const alone = await signUp(ctx.app);
    const refused = await call("POST", "/api/lists", alone, { name: "Kit", shared: true, lines });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: "shared", message: "Join a company to share a list with it" }]);
  });
});
