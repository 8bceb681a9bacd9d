import { type Actor, can, RECURRING_ACTIONS, type RecurringAction, type Schedule } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import { authorize } from "../http/guard.js";
import { cadenceText } from "./calendar.js";
import { cadenceOf, findSchedule, latestRuns, type ScheduleRow } from "./queries.js";

export const NO_SUCH_SCHEDULE = "Recurring order not found";
/** How many of its latest runs a schedule's answer shows. */
const RUNS_SHOWN = 6;

/** What each action asks of the schedule's status. */
const ALLOWED_FROM: Record<RecurringAction, readonly Schedule["status"][]> = {
  pause: ["active"],
  resume: ["paused"],
  skip: ["active"],
  end: ["active", "paused"],
};

export const mayStep = (action: RecurringAction, status: Schedule["status"]) => ALLOWED_FROM[action].includes(status);

/**
 * The schedule if the caller may do this to it: its maker, and the owners of its company. Anyone else is answered
 * as if it did not exist (404).
 */
export async function scheduleFor(
  db: Database,
  actor: Actor,
  id: string,
  action: "read:recurring" | "update:recurring",
): Promise<ScheduleRow> {
  const row = await findSchedule(db, id);
  if (!row) throw new HttpError(404, NO_SUCH_SCHEDULE);
  authorize(actor, action, row, { missing: NO_SUCH_SCHEDULE });
  return row;
}

export async function schedulesJson(db: Database, actor: Actor, rows: readonly ScheduleRow[]): Promise<Schedule[]> {
  const runs = await latestRuns(
    db,
    rows.map((row) => row.id),
    RUNS_SHOWN,
  );
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    userEmail: row.userEmail,
    companyId: row.companyId,
    from: { listId: row.listId, orderId: row.sourceOrderId },
    every: { weeks: row.everyWeeks, months: row.everyMonths, day: row.dayOfMonth },
    cadence: cadenceText(cadenceOf(row)),
    startsOn: row.startsOn,
    status: row.status,
    nextRunOn: row.status === "ended" ? null : row.nextRunOn,
    paymentMethod: row.paymentMethod,
    phone: row.phone,
    address: row.address,
    addressId: row.addressId,
    poNumber: row.poNumber,
    runs: (runs.get(row.id) ?? []).map((run) => ({
      runOn: run.runOn,
      status: run.status,
      orderId: run.orderId,
      reason: run.reason,
    })),
    actions: can(actor, "update:recurring", row)
      ? RECURRING_ACTIONS.filter((action) => mayStep(action, row.status))
      : [],
  }));
}

export async function scheduleJson(db: Database, actor: Actor, row: ScheduleRow): Promise<Schedule> {
  const [json] = await schedulesJson(db, actor, [row]);
  return json as Schedule;
}
