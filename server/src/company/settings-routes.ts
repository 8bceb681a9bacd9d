import {
  companyIdParamsSchema,
  companySchema,
  companySettingsBodySchema,
  insertedIdSchema,
  newCompanyBodySchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { requireBuyer } from "../http/guard.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { actorOf } from "./policy.js";
import { companyJson, createCompany, findCompany, updateCompanySettings } from "./queries/companies.js";

import { ALREADY_IN_A_COMPANY, COMPANY_ANSWER, companyFor, existingCompany, NO_SUCH_COMPANY } from "./route-access.js";

/** The company itself: created, read (the caller's own, or by id), and its settings. */
export const companySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/companies",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Create a company; the caller becomes its owner",
        description:
          "An account belongs to one company at most: a caller in one already is 409. Admin accounts cannot " +
          "belong to a company (403).",
        tags: ["Companies"],
        security: requires("accessToken"),
        body: newCompanyBodySchema,
        response: {
          201: jsonAnswer("Created; `insertedId` is its id.", insertedIdSchema),
          ...errorAnswers(400, 401, 403, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      requireBuyer(caller, "join:company");
      const id = await app.db.transaction((tx) => createCompany(tx, request.body, caller.email));
      if (!id) throw new HttpError(409, ALREADY_IN_A_COMPANY);
      return reply.code(201).send({ insertedId: id });
    },
  );

  app.get(
    "/companies/mine",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The caller's company, with their role in it; null when they belong to none",
        description:
          "Every signed-in page of a customer asks it (the dashboard's menu, the checkout), so belonging to no " +
          "company is an answer, not an error: `null` (admins, who belong to none, get it too).",
        tags: ["Companies"],
        security: requires("accessToken"),
        response: {
          200: jsonAnswer(
            "The company with the caller's role in it (its credit limit only for owners and buyers), or null.",
            companySchema.nullable(),
          ),
          ...errorAnswers(401),
        },
      },
    },
    async (request) => {
      const actor = await actorOf(app.db, callerOf(request));
      const row = actor.membership && (await findCompany(app.db, actor.membership.companyId));
      if (!row) return null;
      const company = companyJson(row, actor);
      // The owners' menu counts what waits for them; nobody else's needs the count.
      if (!company.actions.includes("approve:order")) return company;
      return { ...company, awaitingApproval: await app.companyOrderFigures.awaitingApproval(row.id) };
    },
  );

  app.get(
    "/companies/:id",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Read a company (its members)",
        description: "Anyone outside the company gets 404, as for one that does not exist.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        response: { 200: COMPANY_ANSWER, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => {
      const { actor } = await companyFor(app.db, request, request.params.id, "read:company");
      return companyJson(await existingCompany(app.db, request.params.id), actor);
    },
  );

  app.patch(
    "/companies/:id",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Change a company's settings (owners)",
        description:
          "`name`; `poRequired`: whether every order of a member needs a PO number; `billingAddress`: where " +
          "the company's invoices are addressed (blank or null: none, each order is billed to its delivery " +
          "address). Each order keeps the billing address it was placed with.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        body: companySettingsBodySchema,
        response: { 200: COMPANY_ANSWER, ...errorAnswers(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { actor } = await companyFor(app.db, request, request.params.id, "update:company");
      const row = await updateCompanySettings(app.db, request.params.id, request.body);
      if (!row) throw new HttpError(404, NO_SUCH_COMPANY);
      return companyJson(row, actor);
    },
  );
};
