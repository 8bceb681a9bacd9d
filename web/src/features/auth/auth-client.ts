import { createAuthClient } from "better-auth/react";

/**
 * Better Auth's client, loaded by the sign-in pages' first action (load-auth-client.ts). It talks to
 * /api/auth on this origin; Google (a generic OpenID Connect provider on the server) is reached through its
 * social sign-in.
 */
export const authClient = createAuthClient();
