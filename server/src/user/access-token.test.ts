import { createHash } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { accessTokens } from "./access-token.js";

const SECRET = "access-token-test-secret-0123456789abcdef";
const tokens = accessTokens(SECRET);
const holder = { email: "ana@example.com", sessionId: "session-1" };
const key = createHash("sha256").update(`access-token:${SECRET}`).digest();
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the right key but claims of the test's choosing. */
const signed = (claims: Record<string, unknown>, alg = "HS256") =>
  new SignJWT(claims).setProtectedHeader({ alg }).sign(key);

describe("access tokens", () => {
  it("reads back who a token was issued to", async () => {
    const token = await tokens.issue(holder);
    expect(tokens.verify(token)).toEqual({ ...holder, issuedAt: expect.any(Number) });
  });

  it("refuses a changed payload, another key, a second spelling of the signature and extra parts", async () => {
    const token = await tokens.issue(holder);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), sub: "eve@example.com" }),
    ).toString("base64url");
    expect(() => tokens.verify(`${header}.${otherPayload}.${signature}`)).toThrow("token signature does not match");
    expect(() => accessTokens("another-secret-0123456789abcdef0123456789").verify(token)).toThrow(
      "token signature does not match",
    );
    // 32 bytes take 43 base64url characters, the last one carrying 2 unused bits: flipping them spells the
    // same signature another way, which must not pass.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(signature.at(-1) ?? "");
    const respelled = `${signature.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(respelled, "base64url")).toEqual(Buffer.from(signature, "base64url"));
    expect(() => tokens.verify(`${header}.${payload}.${respelled}`)).toThrow("token signature does not match");
    expect(() => tokens.verify(`${token}.x`)).toThrow("token signature does not match");
    expect(() => tokens.verify("")).toThrow("token signature does not match");
    expect(() => tokens.verify("not-a-token")).toThrow("token signature does not match");
  });

  it("refuses an expired token, another issuer, another algorithm and missing claims", async () => {
    const base = { iss: "forgeline-storefront", sub: holder.email, sid: holder.sessionId, iat: now() };
    await expect(signed({ ...base, exp: now() - 1 }).then((t) => tokens.verify(t))).rejects.toThrow(
      "token expired or from another issuer",
    );
    await expect(
      signed({ ...base, iss: "someone-else", exp: now() + 60 }).then((t) => tokens.verify(t)),
    ).rejects.toThrow("token expired or from another issuer");
    await expect(signed({ ...base, exp: now() + 60 }, "HS512").then((t) => tokens.verify(t))).rejects.toThrow(
      "token signature does not match",
    );
    await expect(signed({ ...base, sid: undefined, exp: now() + 60 }).then((t) => tokens.verify(t))).rejects.toThrow(
      "token without subject, session or issue time",
    );
    await expect(signed({ ...base, exp: now() + 60 }).then((t) => tokens.verify(t))).resolves.toEqual({
      email: holder.email,
      sessionId: holder.sessionId,
      issuedAt: base.iat,
    });
  });
});
