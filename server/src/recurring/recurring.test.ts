import type { Order, Product, Schedule } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../company/queries/members.js";
import { mailsTo } from "../mail/queries.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";
import { toolSteps } from "../test/tool-steps.js";
import { runDueSchedules } from "./run.js";

/** Recurring orders (docs/RECURRING.md) through the API and the scheduler, on PGlite and on PostgreSQL. */
describe("recurring orders", () => {
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
    { name: "Recurring", sku: "REC", stock: 5000 },
  );

  async function listOf(who: TestAccount, tool: Product, options: { shared?: boolean } = {}) {
    const made = await call("POST", "/api/lists", who, {
      name: `Kit ${tool.sku}`,
      lines: [{ sku: tool.sku, quantity: 100 }],
      ...options,
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().insertedId as string;
  }

  const schedule = async (who: TestAccount, body: object) => {
    const made = await call("POST", "/api/recurring", who, { ...CONTACT, ...body });
    expect(made.statusCode, made.body).toBe(201);
    return (await call("GET", `/api/recurring/${made.json().insertedId}`, who)).json<Schedule>();
  };

  /** The scheduler's round at noon UTC of this day. */
  const runOn = (day: string) => runDueSchedules(ctx.app, new Date(`${day}T12:00:00Z`));

  it("places a list's run once on its day, unpaid, mailed, its order saying which recurring order placed it", async () => {
    const buyer = await signUp(ctx.app, { confirmed: true });
    const drill = await newTool();
    const listId = await listOf(buyer, drill);
    const made = await schedule(buyer, { from: { listId }, every: { weeks: 2 }, startsOn: "2030-01-07" });
    expect(made).toMatchObject({ name: `Kit ${drill.sku}`, cadence: "Every 2 weeks", nextRunOn: "2030-01-07" });
    expect(made.actions).toEqual(["pause", "skip", "end"]);
    expect((await runOn("2030-01-06")).placed).toBe(0);
    expect(await runOn("2030-01-07")).toMatchObject({ placed: 1, failed: 0 });
    // The same day again, and the day after: nothing more.
    expect(await runOn("2030-01-07")).toMatchObject({ placed: 0, failed: 0 });
    expect(await runOn("2030-01-08")).toMatchObject({ placed: 0, failed: 0 });
    const after = (await call("GET", `/api/recurring/${made._id}`, buyer)).json<Schedule>();
    expect(after.nextRunOn).toBe("2030-01-21");
    expect(after.runs).toMatchObject([{ runOn: "2030-01-07", status: "placed", reason: null }]);
    const order = (await call("GET", `/api/ordering/${after.runs[0]?.orderId}`, buyer)).json<Order>();
    expect(order.status).toBe("unpaid");
    expect(order.actions).toContain("pay:order");
    expect(order.statusHistory[0]?.note).toBe(`Placed by the recurring order "Kit ${drill.sku}" (run of 2030-01-07)`);
    const mails = await mailsTo(ctx.db, buyer.email);
    expect(mails.map((mail) => mail.template)).toContain("order-placed");
    // Ended, so the later days other tests walk to leave it be (each round runs every schedule that is due).
    expect((await call("POST", `/api/recurring/${made._id}/end`, buyer)).statusCode).toBe(200);
  });

  it("records a run that cannot be placed with its reason and mails it; a requester's run waits for approval", async () => {
    const [owner, requester] = await Promise.all([signUp(ctx.app), signUp(ctx.app, { confirmed: true })]);
    const companyId = (await call("POST", "/api/companies", owner, { name: `Recurring Co ${Date.now()}` })).json()
      .insertedId;
    await addMember(ctx.app.db, { companyId, email: requester.email, role: "requester" });
    const [saw, gone] = await Promise.all([newTool(), newTool()]);
    const waiting = await schedule(requester, {
      from: { listId: await listOf(requester, saw) },
      every: { months: 1, day: 15 },
      startsOn: "2030-02-01",
    });
    const failing = await schedule(requester, {
      from: { listId: await listOf(requester, gone) },
      every: { months: 1, day: 15 },
      startsOn: "2030-02-01",
    });
    await call("DELETE", `/api/product/${gone._id}`, admin);
    expect(await runOn("2030-02-15")).toMatchObject({ placed: 1, failed: 1 });
    const placed = (await call("GET", `/api/recurring/${waiting._id}`, requester)).json<Schedule>();
    const order = (await call("GET", `/api/ordering/${placed.runs[0]?.orderId}`, requester)).json<Order>();
    expect(order.status).toBe("awaiting-approval");
    const failed = (await call("GET", `/api/recurring/${failing._id}`, requester)).json<Schedule>();
    expect(failed.runs).toMatchObject([
      { runOn: "2030-02-15", status: "failed", orderId: null, reason: `${gone.name} is no longer in the catalogue` },
    ]);
    expect(failed.nextRunOn).toBe("2030-03-15");
    const mail = (await mailsTo(ctx.db, requester.email)).find((one) => one.template === "recurring-run-failed");
    expect(mail?.data).toMatchObject({ runOn: "2030-02-15", reason: `${gone.name} is no longer in the catalogue` });
    // The owner sees the company's schedules, and may pause them; the requester sees their own.
    expect(
      (await call("GET", "/api/recurring", owner))
        .json<Schedule[]>()
        .map((one) => one._id)
        .sort(),
    ).toEqual([waiting._id, failing._id].sort());
    expect((await call("POST", `/api/recurring/${failing._id}/pause`, owner)).statusCode).toBe(200);
    expect((await call("POST", `/api/recurring/${waiting._id}/end`, owner)).statusCode).toBe(200);
    expect((await call("POST", `/api/recurring/${failing._id}/end`, requester)).statusCode).toBe(200);
  });

  it("pauses, resumes, skips the next run and ends; a step the status does not allow is 409", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await newTool();
    const made = await schedule(buyer, {
      from: { listId: await listOf(buyer, drill) },
      every: { weeks: 1 },
      startsOn: "2031-03-03",
    });
    const step = async (action: string) => call("POST", `/api/recurring/${made._id}/${action}`, buyer);
    const skipped = (await step("skip")).json<Schedule>();
    expect(skipped.nextRunOn).toBe("2031-03-10");
    expect(skipped.runs).toMatchObject([
      { runOn: "2031-03-03", status: "skipped", reason: `Skipped by ${buyer.email}` },
    ]);
    expect((await step("pause")).json<Schedule>()).toMatchObject({ status: "paused", actions: ["resume", "end"] });
    expect((await step("pause")).statusCode).toBe(409);
    expect((await step("skip")).statusCode).toBe(409);
    expect(await runOn("2031-03-10")).toMatchObject({ placed: 0, failed: 0 });
    expect((await step("resume")).json<Schedule>()).toMatchObject({ status: "active", nextRunOn: "2031-03-10" });
    expect((await step("end")).json<Schedule>()).toMatchObject({ status: "ended", nextRunOn: null, actions: [] });
    expect(await runOn("2031-03-24")).toMatchObject({ placed: 0, failed: 0 });
    expect((await step("resume")).statusCode).toBe(409);
  });

  it("refuses a past start, zero weeks, day 0 and a missing source, naming the field; nothing stored", async () => {
    const buyer = await signUp(ctx.app);
    const listId = await listOf(buyer, await newTool());
    const refused = async (body: object) => {
      const answer = await call("POST", "/api/recurring", buyer, { ...CONTACT, from: { listId }, ...body });
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().errors.map((error: { field: string }) => error.field);
    };
    expect(await refused({ every: { weeks: 1 }, startsOn: "2020-01-01" })).toEqual(["startsOn"]);
    expect(await refused({ every: { weeks: 0 }, startsOn: "2040-01-01" })).toEqual(["every.weeks"]);
    expect(await refused({ every: { months: 1, day: 0 }, startsOn: "2040-01-01" })).toEqual(["every.day"]);
    expect(await refused({ every: { months: 1 }, startsOn: "2040-01-01" })).toEqual(["every.day"]);
    expect(await refused({ every: { weeks: 1 }, startsOn: "2040-02-30" })).toEqual(["startsOn"]);
    expect(await refused({ from: {}, every: { weeks: 1 }, startsOn: "2040-01-01" })).toEqual(["from.listId"]);
    expect(await refused({ every: { weeks: 1 }, startsOn: "2040-01-01", address: "" })).toEqual(["address"]);
    expect((await call("GET", "/api/recurring", buyer)).json()).toEqual([]);
  });

  it("answers 404 for another's list, order or schedule", async () => {
    const [buyer, stranger] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
    const listId = await listOf(buyer, await newTool());
    const made = await schedule(buyer, { from: { listId }, every: { weeks: 1 }, startsOn: "2040-01-02" });
    const theirs = await call("POST", "/api/recurring", stranger, {
      ...CONTACT,
      from: { listId },
      every: { weeks: 1 },
      startsOn: "2040-01-02",
    });
    expect(theirs.statusCode).toBe(404);
    const order = await call("POST", "/api/recurring", stranger, {
      ...CONTACT,
      from: { orderId: "00000000-0000-4000-8000-000000000000" },
      every: { weeks: 1 },
      startsOn: "2040-01-02",
    });
    expect(order.statusCode).toBe(404);
    expect((await call("GET", `/api/recurring/${made._id}`, stranger)).statusCode).toBe(404);
    expect((await call("POST", `/api/recurring/${made._id}/end`, stranger)).statusCode).toBe(404);
  });

  it("orders a past order's lines again", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await newTool();
    const placed = await call("POST", "/api/ordering", buyer, { orderId: drill._id, quantity: 150, ...CONTACT });
    const orderId = placed.json().insertedId;
    await call("POST", `/api/ordering/${orderId}/cancel`, buyer);
    const made = await schedule(buyer, { from: { orderId }, every: { months: 2, day: 31 }, startsOn: "2032-01-01" });
    expect(made).toMatchObject({ nextRunOn: "2032-01-31", from: { orderId, listId: null } });
    expect(made.name).toMatch(/^Order FL-\d+ again$/);
    expect(await runOn("2032-01-31")).toMatchObject({ placed: 1 });
    const run = (await call("GET", `/api/recurring/${made._id}`, buyer)).json<Schedule>();
    const order = (await call("GET", `/api/ordering/${run.runs[0]?.orderId}`, buyer)).json<Order>();
    expect(order.lines.map((line) => [line.sku, line.quantity])).toEqual([[drill.sku, 150]]);
    expect(run.nextRunOn).toBe("2032-03-31");
  });
});
