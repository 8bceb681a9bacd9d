import { z } from "zod";
import { addressField, paymentMethodField, phoneField } from "./ordering-fields.js";
import { poNumberField } from "./pricing.js";

/**
 * Recurring orders (docs/RECURRING.md): a list or a past order placed again on a calendar, each run through the one
 * place-order use case at the day's prices and rules. The dates are the shop's (SHOP_TIME_ZONE). No zod rules
 * beyond the body's shape: whether `startsOn` is past is the server's, which knows the shop's day.
 */
export const RECURRING_LIMITS = { weeks: 52, months: 12, name: 80 } as const;

export const SCHEDULE_STATUSES = ["active", "paused", "ended"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const RUN_STATUSES = ["due", "placed", "failed", "skipped"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A calendar day, YYYY-MM-DD, that exists. */
export const isCalendarDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
};

const whole = (error: string, min: number, max: number) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

const WEEKS = `Every 1 to ${RECURRING_LIMITS.weeks} weeks`;
const MONTHS = `Every 1 to ${RECURRING_LIMITS.months} months`;
const DAY = "A day of the month from 1 to 31 (31: the last day of shorter months)";

/** Every so many weeks from `startsOn`, or every so many months on a day of the month. */
export const everyField = z
  .object(
    {
      weeks: whole(WEEKS, 1, RECURRING_LIMITS.weeks).optional(),
      months: whole(MONTHS, 1, RECURRING_LIMITS.months).optional(),
      day: whole(DAY, 1, 31).optional(),
    },
    { error: "Say how often: { weeks } or { months, day }" },
  )
  .superRefine((every, context) => {
    if (every.weeks !== undefined && every.months === undefined && every.day === undefined) return;
    if (every.weeks === undefined && every.months !== undefined && every.day !== undefined) return;
    const path = every.weeks !== undefined ? ["months"] : every.months === undefined ? ["months"] : ["day"];
    context.addIssue({ code: "custom", path, message: "Say how often: { weeks } or { months, day }" });
  });

/** Where a schedule's lines come from: a saved list (as it is on each run's day) or a past order's lines. */
export const scheduleSourceField = z
  .object(
    {
      listId: z.uuid({ error: "Not a valid list id" }).optional(),
      orderId: z.uuid({ error: "Not a valid order id" }).optional(),
    },
    { error: "Say what to order: { listId } or { orderId }" },
  )
  .refine((from) => (from.listId === undefined) !== (from.orderId === undefined), {
    error: "Say what to order: { listId } or { orderId }",
    path: ["listId"],
  });

/** POST /api/recurring. */
export const newScheduleBodySchema = z.object({
  from: scheduleSourceField,
  every: everyField,
  startsOn: z.string({ error: "startsOn is a date, YYYY-MM-DD" }).refine(isCalendarDay, {
    error: "startsOn is a date, YYYY-MM-DD",
  }),
  paymentMethod: paymentMethodField,
  phone: phoneField,
  address: addressField.optional(),
  addressId: z.uuid({ error: "Not a valid address id" }).optional(),
  poNumber: poNumberField,
});

export const RECURRING_ACTIONS = ["pause", "resume", "skip", "end"] as const;
export type RecurringAction = (typeof RECURRING_ACTIONS)[number];

export const scheduleRunSchema = z.object({
  runOn: z.string(),
  status: z.enum(RUN_STATUSES),
  /** The order the run placed. */
  orderId: z.string().nullable(),
  /** Why it was not placed, or who skipped it. */
  reason: z.string().nullable(),
});

export const scheduleSchema = z.object({
  _id: z.string(),
  name: z.string(),
  userEmail: z.string(),
  companyId: z.string().nullable(),
  from: z.object({ listId: z.string().nullable(), orderId: z.string().nullable() }),
  every: z.object({
    weeks: z.number().int().nullable(),
    months: z.number().int().nullable(),
    day: z.number().int().nullable(),
  }),
  /** In words: "Every 2 weeks", "Every month on day 31 (the last day of shorter months)". */
  cadence: z.string(),
  startsOn: z.string(),
  status: z.enum(SCHEDULE_STATUSES),
  /** The next run's day in the shop's time zone; null once ended. */
  nextRunOn: z.string().nullable(),
  paymentMethod: z.enum(["card", "invoice"]),
  phone: z.string(),
  address: z.string().nullable(),
  addressId: z.string().nullable(),
  poNumber: z.string().nullable(),
  /** The latest runs, newest first. */
  runs: z.array(scheduleRunSchema),
  actions: z.array(z.enum(RECURRING_ACTIONS)),
});

export type NewScheduleBody = z.input<typeof newScheduleBodySchema>;
export type Schedule = z.infer<typeof scheduleSchema>;
export type ScheduleRun = z.infer<typeof scheduleRunSchema>;
