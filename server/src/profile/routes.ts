import { insertedIdSchema, profileBodySchema, profileSchema } from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { type ProfileRow, profilesOf, saveProfile } from "./queries.js";

const toProfileJson = (row: ProfileRow) => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  fburl: row.fburl,
  address: row.address,
  image: row.image,
});

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // A list, as docs/SPEC-CONFORMANCE.md §7 reads it, holding the caller's profile only.
  app.get(
    "/profile",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Read the caller's profile",
        tags: ["Profile"],
        security: requires("accessToken"),
        response: {
          200: jsonAnswer(
            "A list (the spec's shape) holding the caller's profile, or empty before the first save.",
            z.array(profileSchema),
          ),
          ...errorAnswers(401),
        },
      },
    },
    async (request) => {
      return (await profilesOf(app.db, callerOf(request).email)).map(toProfileJson);
    },
  );

  app.post(
    "/profile",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Save the caller's profile (its name is the account's name too)",
        description: "The email is the account's: another one is refused.",
        tags: ["Profile"],
        security: requires("accessToken"),
        body: profileBodySchema,
        response: {
          200: jsonAnswer("Saved; `insertedId` is the profile's id.", insertedIdSchema),
          ...errorAnswers(400, 401, 403, 413, 415),
        },
      },
    },
    async (request) => {
      const email = callerOf(request).email;
      const { email: sent, ...fields } = request.body;
      if (sent !== undefined && sent.toLowerCase() !== email) {
        throw new HttpError(403, "The profile's email is your account's email and cannot be changed here.");
      }
      return { insertedId: (await saveProfile(app.db, email, fields)) ?? "" };
    },
  );
};
