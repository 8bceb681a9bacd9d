/**
 * Better Auth's client, loaded by the first action that needs it (a submit, a click), not with the sign-in
 * pages: a first visit of /login shows the form without it.
 */
export async function loadAuthClient() {
  return (await import("./auth-client")).authClient;
}
