import type { FastifyInstance } from "fastify";
import { makeAdmin } from "../user/queries.js";

/** What a browser sends with its calls to the identity provider. */
export const ORIGIN = { origin: "http://localhost:5000" };

export interface TestAccount {
  email: string;
  password: string;
  /** The identity session cookie, as a browser would send it. */
  cookie: string;
  /** The API's bearer token, from PUT /api/user/{email}. */
  token: string;
  /** The identity session the token is tied to (its `sid` claim). */
  sessionId: string;
}

let counter = 0;
export function uniqueEmail(prefix = "customer"): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${Date.now()}@example.com`;
}

export function sessionCookie(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

let customers = 0;
function nextCustomerAddress(): string {
  customers += 1;
  return `10.77.${Math.floor(customers / 250) % 250}.${(customers % 250) + 1}`;
}

/** Signs a new account up through the identity provider and trades its session for an access token. */
export async function signUp(
  app: FastifyInstance,
  options: { email?: string; password?: string; name?: string; admin?: boolean; confirmed?: boolean } = {},
): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail(options.admin ? "admin" : "customer");
  const password = options.password ?? "correct-horse-1";
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    // Each test customer comes from an address of its own, as real ones do, so fixtures never add up to
    // a per-address limit; the limits themselves are tested from one address on purpose.
    remoteAddress: nextCustomerAddress(),
    headers: ORIGIN,
    payload: { email, password, name: options.name ?? "Test Customer" },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookie(response.headers["set-cookie"]);
  if (options.confirmed && !options.admin) await markAddressConfirmed(app, email);
  if (options.admin) {
    // The confirmation link is exercised in identity.test.ts; fixtures take its result as given.
    await markAddressConfirmed(app, email);
    const result = await makeAdmin(app.db, email);
    if (result !== "made-admin") throw new Error(`make admin failed: ${result}`);
  }
  const tokenResponse = await app.inject({ method: "PUT", url: `/api/user/${email}`, headers: { cookie } });
  if (tokenResponse.statusCode !== 200) throw new Error(`token failed: ${tokenResponse.body}`);
  const token: string = tokenResponse.json().token;
  const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
  return { email, password, cookie, token, sessionId: claims.sid };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Confirms the address as opening the mailed link does, through the identity provider, so what follows a
 * confirmation (the held mails leaving) follows this too.
 */
export async function markAddressConfirmed(app: FastifyInstance, email: string): Promise<void> {
  await (await app.identity.$context).internalAdapter.updateUserByEmail(email, { emailVerified: true });
}
