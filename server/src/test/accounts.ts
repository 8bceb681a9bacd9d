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

/** Signs a new account up through the identity provider and trades its session for an access token. */
export async function signUp(
  app: FastifyInstance,
  options: { email?: string; password?: string; name?: string; admin?: boolean } = {},
): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail(options.admin ? "admin" : "customer");
  const password = options.password ?? "correct-horse-1";
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: ORIGIN,
    payload: { email, password, name: options.name ?? "Test Customer" },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookie(response.headers["set-cookie"]);
  const tokenResponse = await app.inject({ method: "PUT", url: `/api/user/${email}`, headers: { cookie } });
  if (tokenResponse.statusCode !== 200) throw new Error(`token failed: ${tokenResponse.body}`);
  if (options.admin) await makeAdmin(app.db, email);
  return { email, password, cookie, token: tokenResponse.json().token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
