import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { membershipOf } from "../company/queries/membership.js";
import { repeatingJob } from "../events/repeating-job.js";
import { enqueueAccountMail, findAccount } from "../identity/queries.js";
import { findList, type StoredListLine } from "../lists/queries.js";
import type { BuyerLine } from "../ordering/order-rules.js";
import { placeOrder, type Refused, RolledBack, refuse } from "../ordering/place-order.js";
import { productsBySkus } from "../product/queries/products.js";
import { shopDay } from "./calendar.js";
import { claimNextRun, findSchedule, finishRun, makeDueRuns, type RunRow, type ScheduleRow } from "./queries.js";

/**
 * The scheduler of recurring orders (decision 070). Every instance runs it; each run is placed once: its row is
 * unique by schedule and day, it is claimed under a lease (as the mail outbox's mails are), and it leaves `due`
 * only in the transaction that stores its order and the order's mail, or the mail saying why it was not placed.
 */

/** A run's lease: far longer than placing one order takes, so no run is taken twice while it is placed. */
const LEASE_MS = 5 * 60_000;
/** A run that failed with a fault this often (not a refusal: those are recorded at once) is recorded as failed. */
const MAX_ATTEMPTS = 5;
/** The answer of `alongside` when another scheduler finished the run first: the order is rolled back. */
const ALREADY_DONE = refuse("closed", "This run was placed or recorded by another scheduler.");

/** The lines a run orders today, or why it cannot: the list as it is on the day, or the order's lines kept. */
async function linesOfRun(app: FastifyInstance, schedule: ScheduleRow): Promise<BuyerLine[] | Refused> {
  let wanted: readonly StoredListLine[] = schedule.lines ?? [];
  if (schedule.listId) {
    const list = await findList(app.db, schedule.listId);
    if (!list) return refuse("gone", "The saved list it orders was deleted.");
    const membership = await membershipOf(app.db, schedule.userEmail);
    const readable =
      list.userEmail === schedule.userEmail || (list.companyId && list.companyId === membership?.companyId);
    if (!readable) return refuse("gone", `The list "${list.name}" is no longer shared with you.`);
    wanted = list.lines;
  }
  if (wanted.length === 0) return refuse("empty", "There is nothing on it to order.");
  const tools = new Map(
    (
      await productsBySkus(
        app.db,
        wanted.map((line) => line.sku),
        true,
      )
    ).map((tool) => [tool.sku, tool]),
  );
  const lines: BuyerLine[] = [];
  for (const line of wanted) {
    const product = tools.get(line.sku);
    if (!product) return refuse("gone", `No tool has SKU ${line.sku} any more.`);
    lines.push({ product, quantity: line.quantity });
  }
  return lines;
}

/** Records the run as not placed, with its mail, if this scheduler still holds it. */
async function recordFailure(app: FastifyInstance, schedule: ScheduleRow, run: RunRow, reason: string) {
  return app.db.transaction(async (tx) => {
    if (!(await finishRun(tx, run, { status: "failed", reason }))) return false;
    const confirmed = (await findAccount(tx, schedule.userEmail))?.verified ?? false;
    await enqueueAccountMail(tx, schedule.userEmail, "recurring-run-failed", {
      scheduleId: schedule.id,
      // As order mails do: nothing the account wrote goes to an address its owner has not confirmed.
      name: confirmed ? schedule.name : "",
      runOn: run.runOn,
      reason,
    });
    return true;
  });
}

export type RunOutcome = "placed" | "failed" | "taken";

/**
 * Places one claimed run through the one place-order use case, at the day's prices and rules (credit, stock,
 * approval for requesters); a card run is placed unpaid and its "order placed" mail carries the way to pay.
 */
export async function placeRun(app: FastifyInstance, run: RunRow): Promise<RunOutcome> {
  const schedule = await findSchedule(app.db, run.scheduleId);
  if (!schedule) return "taken";
  const fail = async (reason: string) => ((await recordFailure(app, schedule, run, reason)) ? "failed" : "taken");
  if (schedule.status !== "active")
    return fail(`The recurring order was ${schedule.status} before the run was placed.`);
  if (run.attempts > MAX_ATTEMPTS) return fail("The shop could not place it (an error on our side); we are sorry.");
  const lines = await linesOfRun(app, schedule);
  if ("refused" in lines) return fail(lines.message);
  const outcome = await placeOrder(app, undefined, {
    email: schedule.userEmail,
    delivery: {
      phone: schedule.phone,
      address: schedule.address ?? undefined,
      addressId: schedule.addressId ?? undefined,
      poNumber: schedule.poNumber ?? undefined,
    },
    paymentMethod: schedule.paymentMethod,
    lines,
    placedBy: `the recurring order "${schedule.name}" (run of ${run.runOn})`,
    alongside: async (tx, placed) => {
      if (!(await finishRun(tx, run, { status: "placed", orderId: placed.orderId })))
        throw new RolledBack(ALREADY_DONE);
    },
  });
  if (outcome === ALREADY_DONE) return "taken";
  if ("refused" in outcome) return fail(outcome.message);
  return "placed";
}

/**
 * One round of the scheduler at `now` (tests walk it): the runs due by the shop's day made, then each due run
 * claimed and placed until none is left. Answers what became of the runs this instance took.
 */
export async function runDueSchedules(app: FastifyInstance, now = new Date()) {
  const today = shopDay(now, app.config.timeZone);
  while ((await makeDueRuns(app.db, today)) > 0) {
    // Another batch, until no schedule is due.
  }
  const outcomes: Record<RunOutcome, number> = { placed: 0, failed: 0, taken: 0 };
  for (let run = await claimNextRun(app.db, LEASE_MS); run; run = await claimNextRun(app.db, LEASE_MS)) {
    try {
      outcomes[await placeRun(app, run)] += 1;
    } catch (error) {
      // Left due: its lease ends and a round (here or elsewhere) tries again, up to MAX_ATTEMPTS.
      app.log.error({ err: error, runId: run.id }, "a recurring order's run failed; it is tried again later");
    }
  }
  return outcomes;
}

/** Every `checkMs` on every instance; each run is placed once whichever instance takes it. */
export function startRecurringScheduler(app: FastifyInstance, log: FastifyBaseLogger) {
  return repeatingJob({
    everyMs: app.config.recurringCheckMs,
    round: async () => {
      const outcomes = await runDueSchedules(app);
      if (outcomes.placed + outcomes.failed > 0) log.info(outcomes, "recurring orders' runs are done");
    },
    log,
    failure: "the recurring orders' round failed; the next one tries again",
  });
}
