import { z } from "zod";
import { emailField } from "./account.js";

export const roleSchema = z.enum(["admin", "customer"]);

export const userSchema = z.object({ _id: z.string(), email: z.string(), role: roleSchema });

/** `{email}` in a path, compared case-insensitively. */
export const emailParamsSchema = z.object({ email: emailField().transform((email) => email.toLowerCase()) });

export const accessTokenResponseSchema = z.object({ token: z.string() });
export const adminResponseSchema = z.object({ admin: z.boolean() });
export const modifiedCountResponseSchema = z.object({ modifiedCount: z.number().int() });

export type Role = z.infer<typeof roleSchema>;
export type User = z.infer<typeof userSchema>;
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;
export type AdminResponse = z.infer<typeof adminResponseSchema>;
export type ModifiedCountResponse = z.infer<typeof modifiedCountResponseSchema>;
