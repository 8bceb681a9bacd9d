import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { SignJWT } from "jose";

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
    /**
     * Who the token was issued to; throws when it is forged, expired or malformed. Checked with node:crypto
     * rather than jose's WebCrypto path, which cost a tenth of an authenticated call's CPU: the token is
     * ours, of one fixed shape (HS256, our issuer), so the whole check is the HMAC and four claims.
     */
    verify(token: string): VerifiedToken {
      const [header = "", payload = "", signature = "", ...rest] = token.split(".");
      const expected = createHmac("sha256", key).update(`${header}.${payload}`).digest();
      const given = Buffer.from(signature, "base64url");
      // The re-encoding check refuses a second spelling of the same signature.
      const authentic =
        rest.length === 0 &&
        given.length === expected.length &&
        timingSafeEqual(given, expected) &&
        given.toString("base64url") === signature;
      if (!authentic) throw new Error("token signature does not match");
      const head = JSON.parse(Buffer.from(header, "base64url").toString("utf8"));
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      if (head?.alg !== "HS256" || head.crit !== undefined) throw new Error("token header is not ours");
      const now = Date.now() / 1000;
      if (claims?.iss !== ISSUER || typeof claims.exp !== "number" || claims.exp <= now) {
        throw new Error("token expired or from another issuer");
      }
      if (
        typeof claims.sub !== "string" ||
        !claims.sub ||
        typeof claims.sid !== "string" ||
        typeof claims.iat !== "number"
      ) {
        throw new Error("token without subject, session or issue time");
      }
      return { email: claims.sub, sessionId: claims.sid, issuedAt: claims.iat };
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;
