import { insertedIdSchema, profileBodySchema, profileSchema } from "@forgeline/contract";
import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../http/auth-guard.js";
import { HttpError } from "../http/errors.js";
import { authUsers } from "../identity/tables.js";
import { profiles } from "./tables.js";

type ProfileRow = typeof profiles.$inferSelect;

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
      const rows = await app.db
        .select()
        .from(profiles)
        .where(eq(profiles.email, callerOf(request).email));
      return rows.map(toProfileJson);
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
      const saved = await app.db.transaction(async (tx) => {
        // The profile's name is the account's display name too (SPEC.md point 7: profile name update).
        await tx.update(authUsers).set({ name: fields.name, updatedAt: sql`now()` }).where(eq(authUsers.email, email));
        const [row] = await tx
          .insert(profiles)
          .values({ ...fields, email })
          .onConflictDoUpdate({ target: profiles.email, set: { ...fields, updatedAt: sql`now()` } })
          .returning({ id: profiles.id });
        return row;
      });
      return { insertedId: saved?.id ?? "" };
    },
  );
};
