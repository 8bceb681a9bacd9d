import {
  can,
  idParamsSchema,
  insertedIdSchema,
  newScheduleBodySchema,
  ON_ACCOUNT_MESSAGES,
  orderNumberText,
  RECURRING_ACTIONS,
  type RecurringAction,
  scheduleSchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../company/policy.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { requireBuyer } from "../http/guard.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { listFor } from "../lists/queries.js";
import { buyerFor, deliveryFor } from "../ordering/checkout.js";
import { orderFor } from "../ordering/policy.js";
import { linesOf } from "../ordering/queries/orders.js";
import { mayStep, scheduleFor, scheduleJson, schedulesJson } from "./answer.js";
import { firstRunFrom, runAfter, shopDay } from "./calendar.js";
import { cadenceOf, insertSchedule, lockSchedule, recordSkippedRun, schedulesFor, updateSchedule } from "./queries.js";

const SCHEDULE_ANSWER = jsonAnswer("The recurring order, its next run and its latest runs.", scheduleSchema);

const STEP_SUMMARY: Record<RecurringAction, string> = {
  pause: "Pause a recurring order: no run is placed until it is resumed",
  resume: "Resume a paused recurring order from its next day to come (the days paused are not run)",
  skip: "Skip the next run: it is recorded as skipped and the one after is next",
  end: "End a recurring order: no run is placed again",
};

const REFUSED_STEP: Record<RecurringAction, string> = {
  pause: "Only an active recurring order can be paused",
  resume: "Only a paused recurring order can be resumed",
  skip: "Only an active recurring order's next run can be skipped",
  end: "This recurring order has ended already",
};

const badField = (field: string, message: string) => new HttpError(400, message, [{ field, message }]);

/**
 * Recurring orders (docs/RECURRING.md): made from a saved list or a past order, run by the scheduler (run.ts) on
 * their days in the shop's time zone, and paused, resumed, skipped or ended here.
 */
export const recurringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/recurring",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The caller's recurring orders, and an owner's company's",
        tags: ["Recurring"],
        security: requires("accessToken"),
        response: { 200: jsonAnswer("Newest first.", z.array(scheduleSchema)), ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      const email = requireBuyer(callerOf(request), "create:recurring");
      const actor = await actorOf(app.db, callerOf(request));
      const companyId = actor.membership?.companyId;
      // An owner reads every schedule of the company (`read:recurring` of its records); anyone else their own.
      const readsCompany = companyId !== undefined && can(actor, "read:recurring", { companyId });
      return schedulesJson(app.db, actor, await schedulesFor(app.db, email, readsCompany ? companyId : undefined));
    },
  );

  app.post(
    "/recurring",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Order a saved list or a past order again on a calendar",
        description:
          "`every` is `{ weeks }` (1-52, from `startsOn`) or `{ months, day }` (1-12 months, day 1-31; a day past " +
          "a month's end runs on its last day). `startsOn` is today or later in the shop's time zone " +
          "(SHOP_TIME_ZONE). Each run places an order through the same rules as a checkout, at that day's prices: " +
          "a card order is placed unpaid and mailed with the way to pay; a run that cannot be placed is recorded " +
          "with why and mailed. A list someone else's the caller cannot read, or an order not theirs or their " +
          "company's, is 404.",
        tags: ["Recurring"],
        security: requires("accessToken"),
        body: newScheduleBodySchema,
        response: {
          201: jsonAnswer("Made; `insertedId` is its id.", insertedIdSchema),
          ...errorAnswers(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const email = requireBuyer(callerOf(request), "create:recurring");
      const actor = await actorOf(app.db, callerOf(request));
      const { from, every, startsOn, paymentMethod, ...delivery } = request.body;
      const today = shopDay(new Date(), app.config.timeZone);
      if (startsOn < today)
        throw badField("startsOn", `startsOn is past: the first run is on ${today} at the earliest`);
      let source: {
        name: string;
        listId?: string;
        sourceOrderId?: string;
        lines?: { sku: string; quantity: number }[];
      };
      if (from.listId) {
        const list = await listFor(app.db, actor, from.listId, "read:list");
        source = { name: list.name, listId: list.id };
      } else {
        const order = await orderFor(app.db, actor, from.orderId as string, "reorder:order");
        if (!order) throw new HttpError(404, "Order not found");
        const lines = (await linesOf(app.db, order.id)).map((line) => ({ sku: line.sku, quantity: line.quantity }));
        source = { name: `Order ${orderNumberText(order.number)} again`, sourceOrderId: order.id, lines };
      }
      const buyer = await buyerFor(app.db, email);
      const checked = await deliveryFor(app.db, buyer, delivery);
      if ("field" in checked) throw badField(checked.field, checked.message);
      if (paymentMethod === "invoice" && buyer.membership?.company.netDays == null) {
        throw badField("paymentMethod", ON_ACCOUNT_MESSAGES.noTerms);
      }
      const cadence = { weeks: every.weeks ?? null, months: every.months ?? null, day: every.day ?? null };
      const insertedId = await insertSchedule(app.db, {
        userEmail: email,
        companyId: buyer.membership?.companyId ?? null,
        ...source,
        everyWeeks: cadence.weeks,
        everyMonths: cadence.months,
        dayOfMonth: cadence.day,
        startsOn,
        nextRunOn: firstRunFrom(startsOn, cadence, startsOn),
        paymentMethod: paymentMethod ?? "card",
        phone: delivery.phone,
        address: delivery.addressId ? null : (delivery.address ?? null),
        addressId: delivery.addressId ?? null,
        poNumber: delivery.poNumber ?? null,
      });
      return reply.code(201).send({ insertedId });
    },
  );

  app.get(
    "/recurring/:id",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "One recurring order with its next run and latest runs",
        description: "Its maker's, or, for an owner, one of their company's; anyone else's is 404.",
        tags: ["Recurring"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: { 200: SCHEDULE_ANSWER, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      requireBuyer(callerOf(request), "create:recurring");
      const actor = await actorOf(app.db, callerOf(request));
      return scheduleJson(app.db, actor, await scheduleFor(app.db, actor, request.params.id, "read:recurring"));
    },
  );

  for (const action of RECURRING_ACTIONS) {
    app.post(
      `/recurring/:id/${action}`,
      {
        onRequest: app.authenticate,
        schema: {
          summary: STEP_SUMMARY[action],
          description:
            "Its maker, or an owner of its company; anyone else's is 404. A step its status does not allow is 409.",
          tags: ["Recurring"],
          security: requires("accessToken"),
          params: idParamsSchema,
          response: { 200: SCHEDULE_ANSWER, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        requireBuyer(caller, "create:recurring");
        const actor = await actorOf(app.db, caller);
        const { id } = await scheduleFor(app.db, actor, request.params.id, "update:recurring");
        const today = shopDay(new Date(), app.config.timeZone);
        await app.db.transaction(async (tx) => {
          // Locked: the scheduler moves the schedule on under the same lock, so a skip never meets a run half made.
          const row = await lockSchedule(tx, id);
          if (!row) throw new HttpError(404, "Recurring order not found");
          if (!mayStep(action, row.status)) throw new HttpError(409, REFUSED_STEP[action]);
          const cadence = cadenceOf(row);
          if (action === "pause") await updateSchedule(tx, id, { status: "paused" });
          if (action === "end") await updateSchedule(tx, id, { status: "ended", nextRunOn: null });
          if (action === "resume") {
            const from = row.nextRunOn && row.nextRunOn > today ? row.nextRunOn : today;
            await updateSchedule(tx, id, { status: "active", nextRunOn: firstRunFrom(row.startsOn, cadence, from) });
          }
          if (action === "skip" && row.nextRunOn) {
            await recordSkippedRun(tx, id, row.nextRunOn, `Skipped by ${caller.email}`);
            await updateSchedule(tx, id, { nextRunOn: runAfter(row.startsOn, cadence, row.nextRunOn) });
          }
        });
        return scheduleJson(app.db, actor, await scheduleFor(app.db, actor, id, "read:recurring"));
      },
    );
  }
};
