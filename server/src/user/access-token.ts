import { createHash } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

const ISSUER = "forgeline-storefront";
/** Short, because the browser renews it from its identity session before it runs out. */
export const ACCESS_TOKEN_LIFETIME = "15m";

export interface TokenHolder {
  email: string;
  /** The identity session the token was issued from: when that session ends, the token stops working. */
  sessionId: string;
}

export interface VerifiedToken extends TokenHolder {
  /** When the token was issued (epoch seconds), checked against the account's `tokensValidAfter`. */
  issuedAt: number;
}

/** Signs and checks the API's bearer tokens (HS256). The token names the account and its session, nothing else. */
export function accessTokens(authSecret: string) {
  // A key of its own, derived from the shared secret, so a session cookie can never pass as a token.
  const key = createHash("sha256").update(`access-token:${authSecret}`).digest();
  return {
    /** `expiresAt` (epoch seconds) overrides the usual lifetime. */
    issue(holder: TokenHolder, expiresAt: number | string = ACCESS_TOKEN_LIFETIME): Promise<string> {
      return new SignJWT({ sid: holder.sessionId })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(holder.email)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key);
    },
    /** Who the token was issued to; throws when it is forged, expired or malformed. */
    async verify(token: string): Promise<VerifiedToken> {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ["HS256"] });
      if (!payload.sub || typeof payload.sid !== "string" || typeof payload.iat !== "number") {
        throw new Error("token without subject, session or issue time");
      }
      return { email: payload.sub, sessionId: payload.sid, issuedAt: payload.iat };
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;
