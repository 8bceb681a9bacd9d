import {
  accessTokenResponseSchema,
  adminResponseSchema,
  emailParamsSchema,
  modifiedCountResponseSchema,
  pageQuerySchema,
  TOTAL_COUNT_HEADER,
  userSchema,
} from "@forgeline/contract";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../audit/queries.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { authorize, personalActor } from "../http/guard.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { ensureUser, findRole, listUsers, makeAdmin } from "./queries.js";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const identitySessionOf = new WeakMap<object, string>();

  // The browser trades its identity session for the API's access token; only for its own email.
  app.put(
    "/user/:email",
    {
      // The identity session is checked before anything of the request is read.
      onRequest: async (request) => {
        const session = await app.identity.api.getSession({ headers: fromNodeHeaders(request.headers) });
        if (!session) throw new HttpError(401, "Please sign in to continue.");
        const asked = (request.params as { email: string }).email.trim().toLowerCase();
        if (session.user.email.toLowerCase() !== asked) {
          throw new HttpError(403, "You can only get an access token for your own account.");
        }
        identitySessionOf.set(request, session.session.id);
      },
      schema: {
        summary: "Trade the signed-in session for an API access token (own account only)",
        description:
          "Sent with the identity session's cookie. The token goes in `Authorization: Bearer` on the other calls.",
        tags: ["Users"],
        security: requires("identitySession"),
        params: emailParamsSchema,
        response: {
          200: jsonAnswer("A fresh access token.", accessTokenResponseSchema),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      await ensureUser(app.db, request.params.email);
      return {
        token: await app.accessTokens.issue({
          email: request.params.email,
          sessionId: identitySessionOf.get(request) ?? "",
        }),
      };
    },
  );

  app.get(
    "/admin/:email",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Tell whether an account is an admin (own account, or any for admins)",
        tags: ["Users"],
        security: requires("accessToken"),
        params: emailParamsSchema,
        response: {
          200: jsonAnswer("Whether the account is an admin.", adminResponseSchema),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      authorize(
        personalActor(callerOf(request)),
        "read:user",
        { userEmail: request.params.email },
        {
          forbidden: "You can only ask about your own account.",
        },
      );
      return { admin: (await findRole(app.db, request.params.email)) === "admin" };
    },
  );

  app.get(
    "/user",
    {
      onRequest: app.backOffice("read:user"),
      schema: {
        summary: "List the users (admins only)",
        tags: ["Users"],
        security: requires("accessToken"),
        querystring: pageQuerySchema,
        response: {
          200: jsonAnswer("One page of users; X-Total-Count holds the size of the whole list.", z.array(userSchema)),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { items, total } = await listUsers(app.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  );

  app.put(
    "/user/admin/:email",
    {
      onRequest: app.backOffice("manage:user"),
      schema: {
        summary: "Make an account an admin (admins only)",
        description:
          "Only an account whose owner has confirmed the address (409 otherwise). `modifiedCount` is 0 when it already was one.",
        tags: ["Users"],
        security: requires("accessToken"),
        params: emailParamsSchema,
        response: {
          200: jsonAnswer("The account is an admin now.", modifiedCountResponseSchema),
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { email } = request.params;
      const result = await app.db.transaction(async (tx) => {
        const made = await makeAdmin(tx, email);
        if (made === "made-admin") {
          const actor = callerOf(request).email;
          const entry = { before: { role: "customer" }, after: { role: "admin" } };
          await recordAudit(tx, { actor, action: "user.make-admin", target: email, ...entry });
        }
        return made;
      });
      if (result === "no-account") throw new HttpError(404, `No user with the email ${email}`);
      if (result === "unverified") {
        throw new HttpError(409, `${email} has not confirmed this address yet, so it cannot be made an admin.`);
      }
      return { modifiedCount: result === "made-admin" ? 1 : 0 };
    },
  );
};
