import { insertedIdSchema, profileBodySchema, profileSchema } from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
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
  // A list, as SPEC.md point 7 reads it, holding the caller's profile only.
  app.get(
    "/profile",
    { onRequest: app.authenticate, schema: { response: { 200: z.array(profileSchema) } } },
    async (request) => {
      return (await profilesOf(app.db, callerOf(request).email)).map(toProfileJson);
    },
  );

  app.post(
    "/profile",
    { onRequest: app.authenticate, schema: { body: profileBodySchema, response: { 200: insertedIdSchema } } },
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
