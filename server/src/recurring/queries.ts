import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { type Cadence, runAfter } from "./calendar.js";
import { type RunRow, recurringRuns, recurringSchedules, type ScheduleRow } from "./tables.js";

export type { RunRow, ScheduleRow };

export type NewSchedule = typeof recurringSchedules.$inferInsert;

export const cadenceOf = (row: Pick<ScheduleRow, "everyWeeks" | "everyMonths" | "dayOfMonth">): Cadence => ({
  weeks: row.everyWeeks,
  months: row.everyMonths,
  day: row.dayOfMonth,
});

export async function insertSchedule(db: Database, schedule: NewSchedule): Promise<string> {
  const [row] = await db.insert(recurringSchedules).values(schedule).returning({ id: recurringSchedules.id });
  if (!row) throw new Error("the schedule was not stored");
  return row.id;
}

export async function findSchedule(db: Database, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(recurringSchedules).where(eq(recurringSchedules.id, id));
  return row;
}

/** The schedule, locked for a change (pause, resume, skip, end) against the scheduler moving it on meanwhile. */
export async function lockSchedule(tx: Database, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await tx.select().from(recurringSchedules).where(eq(recurringSchedules.id, id)).for("update");
  return row;
}

/** The caller's schedules, and with `companyId` (an owner's) every schedule of the company; newest first. */
export function schedulesFor(db: Database, email: string, companyId: string | undefined): Promise<ScheduleRow[]> {
  const own = eq(recurringSchedules.userEmail, email);
  return db
    .select()
    .from(recurringSchedules)
    .where(companyId ? or(own, eq(recurringSchedules.companyId, companyId)) : own)
    .orderBy(desc(recurringSchedules.createdAt), desc(recurringSchedules.id));
}

export async function updateSchedule(
  db: Database,
  id: string,
  changes: Partial<Pick<ScheduleRow, "status" | "nextRunOn">>,
): Promise<void> {
  await db
    .update(recurringSchedules)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(recurringSchedules.id, id));
}

/** The latest runs of these schedules, newest first, at most `perSchedule` each. */
export async function latestRuns(db: Database, scheduleIds: readonly string[], perSchedule: number) {
  if (scheduleIds.length === 0) return new Map<string, RunRow[]>();
  const rows = await db
    .select()
    .from(recurringRuns)
    .where(inArray(recurringRuns.scheduleId, [...scheduleIds]))
    .orderBy(desc(recurringRuns.runOn));
  const runs = new Map<string, RunRow[]>();
  for (const row of rows) {
    const list = runs.get(row.scheduleId) ?? [];
    if (list.length < perSchedule) list.push(row);
    runs.set(row.scheduleId, list);
  }
  return runs;
}

/** A run recorded as skipped (its buyer asked), in the transaction that moves the schedule past it. */
export async function recordSkippedRun(tx: Database, scheduleId: string, runOn: string, reason: string) {
  await tx
    .insert(recurringRuns)
    .values({ scheduleId, runOn, status: "skipped", reason, doneAt: new Date() })
    .onConflictDoNothing();
}

/**
 * Makes the runs that are due by `today`: for each active schedule whose next run's day has come, its run row
 * (keyed by schedule and day, so another instance doing the same at the same moment makes none twice), and the
 * schedule moved on to its next day, in one transaction. SKIP LOCKED lets instances share the work. Answers
 * how many schedules it moved on (none: nothing is due that another instance is not moving on already).
 */
export async function makeDueRuns(db: Database, today: string, batch = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(recurringSchedules)
      .where(and(eq(recurringSchedules.status, "active"), lte(recurringSchedules.nextRunOn, today)))
      .orderBy(asc(recurringSchedules.nextRunOn))
      .limit(batch)
      .for("update", { skipLocked: true });
    for (const schedule of due) {
      const cadence = cadenceOf(schedule);
      let day = schedule.nextRunOn as string;
      const days: string[] = [];
      // Every day the shop's scheduler did not look at runs too (one each), so none is missed in silence.
      while (day <= today) {
        days.push(day);
        day = runAfter(schedule.startsOn, cadence, day);
      }
      await tx
        .insert(recurringRuns)
        .values(days.map((runOn) => ({ scheduleId: schedule.id, runOn })))
        .onConflictDoNothing();
      await tx
        .update(recurringSchedules)
        .set({ nextRunOn: day, updatedAt: new Date() })
        .where(eq(recurringSchedules.id, schedule.id));
    }
    return due.length;
  });
}

/**
 * Takes the oldest due run for `leaseMs` under a new lease token, as the mail outbox takes a mail
 * (mail/queries.ts `claimNextMail`): no other scheduler takes it meanwhile, and one that dies leaves it to be
 * taken again when the lease ends. Only the holder of the lease may record its outcome (`finishRun`).
 */
export async function claimNextRun(db: Database, leaseMs: number): Promise<RunRow | undefined> {
  const due = db
    .select({ id: recurringRuns.id })
    .from(recurringRuns)
    .where(
      and(
        eq(recurringRuns.status, "due"),
        or(isNull(recurringRuns.leaseUntil), lt(recurringRuns.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(recurringRuns.runOn), asc(recurringRuns.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(recurringRuns)
    .set({
      attempts: sql`${recurringRuns.attempts} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      leaseToken: sql`gen_random_uuid()`,
    })
    .where(and(inArray(recurringRuns.id, due), eq(recurringRuns.status, "due")))
    .returning();
  return claimed;
}

/**
 * Records a claimed run's outcome, in the transaction of the order it placed (or of the mail saying why not),
 * if this scheduler still holds its lease and it is still due. Answers whether it did: when not, the caller
 * rolls its transaction back, so a run never has two orders.
 */
export async function finishRun(
  tx: Database,
  run: Pick<RunRow, "id" | "leaseToken">,
  outcome: { status: "placed"; orderId: string } | { status: "failed"; reason: string },
): Promise<boolean> {
  const done = await tx
    .update(recurringRuns)
    .set({
      status: outcome.status,
      orderId: outcome.status === "placed" ? outcome.orderId : null,
      reason: outcome.status === "failed" ? outcome.reason : null,
      leaseToken: null,
      leaseUntil: null,
      doneAt: new Date(),
    })
    .where(
      and(
        eq(recurringRuns.id, run.id),
        eq(recurringRuns.leaseToken, run.leaseToken ?? ""),
        eq(recurringRuns.status, "due"),
      ),
    )
    .returning({ id: recurringRuns.id });
  return done.length === 1;
}

/** The run that placed this order, with its schedule's name, if a run did. */
export async function runOfOrder(db: Database, orderId: string) {
  const [row] = await db
    .select({ scheduleId: recurringRuns.scheduleId, runOn: recurringRuns.runOn, name: recurringSchedules.name })
    .from(recurringRuns)
    .innerJoin(recurringSchedules, eq(recurringSchedules.id, recurringRuns.scheduleId))
    .where(eq(recurringRuns.orderId, orderId));
  return row;
}
