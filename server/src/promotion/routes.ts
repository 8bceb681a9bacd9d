import {
  idParamsSchema,
  insertedIdSchema,
  type Promotion,
  promotionBodySchema,
  promotionPatchSchema,
  promotionSchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../audit/queries.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import {
  activePromotions,
  addPromotion,
  allPromotions,
  lockPromotion,
  promotionJson,
  updatePromotion,
} from "./queries.js";

/**
 * Promotions are data (docs/SELLING-TO-BUSINESSES.md, 'One price function'): admins keep them, the banner and the price
 * function read them.
 */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/promotions",
    {
      schema: {
        summary: "The promotions running now",
        description: "What the banner claims; the price function applies the one that saves an order most.",
        tags: ["Promotions"],
        response: {
          200: jsonAnswer("The active promotions, oldest first.", z.array(promotionSchema)),
          ...errorAnswers(),
        },
      },
    },
    async () => (await activePromotions(app.db)).map(promotionJson),
  );

  app.get(
    "/admin/promotions",
    {
      onRequest: app.backOffice("manage:promotion"),
      schema: {
        summary: "Every promotion, newest first (admins only)",
        tags: ["Promotions"],
        security: requires("accessToken"),
        response: { 200: jsonAnswer("Every promotion.", z.array(promotionSchema)), ...errorAnswers(401, 403) },
      },
    },
    async () => (await allPromotions(app.db)).map(promotionJson),
  );

  app.post(
    "/admin/promotions",
    {
      onRequest: app.backOffice("manage:promotion"),
      schema: {
        summary: "Start a promotion (admins only)",
        description:
          "`percent` 1-90 off every line; `firstOrder` only for a buyer with no paid order; `minPieces` only for " +
          "orders of that many pieces; `startsAt`/`endsAt` bound it in time.",
        tags: ["Promotions"],
        security: requires("accessToken"),
        body: promotionBodySchema,
        response: {
          201: jsonAnswer("Stored; `insertedId` is its id.", insertedIdSchema),
          ...errorAnswers(400, 401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const admin = callerOf(request).email;
      const added = await app.db.transaction(async (tx) => {
        const row = await addPromotion(tx, request.body);
        await recordAudit(tx, {
          actor: admin,
          action: "promotion.add",
          target: row.id,
          before: null,
          after: promotionJson(row),
        });
        return row;
      });
      await app.listChanged("promotions");
      return reply.code(201).send({ insertedId: added.id });
    },
  );

  app.patch(
    "/admin/promotions/:id",
    {
      onRequest: app.backOffice("manage:promotion"),
      schema: {
        summary: "Edit or end a promotion (admins only)",
        description: "`active: false` ends it: it leaves the banner on every instance and no new order gets it.",
        tags: ["Promotions"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: promotionPatchSchema,
        response: {
          200: jsonAnswer("The promotion as it is now.", promotionSchema),
          ...errorAnswers(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request) => {
      const admin = callerOf(request).email;
      const { id } = request.params;
      const updated = await app.db.transaction(async (tx) => {
        const before = await lockPromotion(tx, id);
        if (!before) throw new HttpError(404, "No such promotion.");
        const merged = { ...promotionJson(before), ...request.body };
        if (merged.startsAt && merged.endsAt && Date.parse(merged.endsAt) <= Date.parse(merged.startsAt)) {
          const message = "The end must come after the start";
          throw new HttpError(400, message, [{ field: "endsAt", message }]);
        }
        const after = promotionJson(await updatePromotion(tx, id, request.body));
        const ended = before.active && !after.active;
        await recordAudit(tx, {
          actor: admin,
          action: ended ? "promotion.end" : "promotion.edit",
          target: id,
          before: changed(promotionJson(before), after),
          after: changed(after, promotionJson(before)),
        });
        return after;
      });
      await app.listChanged("promotions");
      return updated;
    },
  );
};

/** The fields of `promotion` that differ in `other`: what an audit entry keeps of an edit. */
function changed(promotion: Promotion, other: Promotion): Partial<Promotion> {
  return Object.fromEntries(
    Object.entries(promotion).filter(([key, value]) => other[key as keyof Promotion] !== value),
  ) as Partial<Promotion>;
}
