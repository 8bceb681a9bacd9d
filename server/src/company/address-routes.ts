import {
  addressIdParamsSchema,
  COMPANY_LIMITS,
  companyAddressBodySchema,
  companyAddressSchema,
  companyIdParamsSchema,
  deletedCountSchema,
  insertedIdSchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { addAddress, addressesOf, countAddresses, removeAddress } from "./queries/addresses.js";
import { lockCompany } from "./queries/companies.js";
import { companyFor } from "./route-access.js";

/** The company's delivery addresses: members read them, owners keep them. */
export const companyAddressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/companies/:id/addresses",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The company's delivery addresses (members)",
        description: "When there are any, members' orders go to one of them (`addressId` at checkout).",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        response: {
          200: jsonAnswer("The addresses, oldest first.", z.array(companyAddressSchema)),
          ...errorAnswers(400, 401, 404),
        },
      },
    },
    async (request) => {
      await companyFor(app.db, request, request.params.id, "read:address");
      return (await addressesOf(app.db, request.params.id)).map((row) => ({
        _id: row.id,
        label: row.label,
        address: row.address,
        phone: row.phone,
      }));
    },
  );

  app.post(
    "/companies/:id/addresses",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Add a delivery address (owners)",
        description: `A company keeps at most ${COMPANY_LIMITS.addresses} (409).`,
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        body: companyAddressBodySchema,
        response: {
          201: jsonAnswer("Added; `insertedId` is its id.", insertedIdSchema),
          ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await companyFor(app.db, request, id, "manage:address");
      const added = await app.db.transaction(async (tx) => {
        await lockCompany(tx, id);
        if ((await countAddresses(tx, id)) >= COMPANY_LIMITS.addresses) {
          throw new HttpError(409, `A company keeps at most ${COMPANY_LIMITS.addresses} delivery addresses.`);
        }
        return addAddress(tx, id, request.body);
      });
      return reply.code(201).send({ insertedId: added });
    },
  );

  app.delete(
    "/companies/:id/addresses/:addressId",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Remove a delivery address (owners)",
        description: "Orders sent to it keep their copy of it.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: addressIdParamsSchema,
        response: {
          200: jsonAnswer("Removed (`deletedCount`: 1).", deletedCountSchema),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id, addressId } = request.params;
      await companyFor(app.db, request, id, "manage:address");
      if (!(await removeAddress(app.db, id, addressId))) throw new HttpError(404, "No such address.");
      return { deletedCount: 1 };
    },
  );
};
