import { createAuthClient } from "better-auth/react";

/**
 * Better Auth's client, loaded only by the sign-in pages. It talks to /api/auth on this origin; Google
 * (a generic OpenID Connect provider on the server) is reached through its social sign-in.
 */
export const authClient = createAuthClient();

export const GOOGLE_PROVIDER_ID = "google";
