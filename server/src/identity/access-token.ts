import { createHash } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

const ISSUER = "forgeline-storefront";
export const ACCESS_TOKEN_LIFETIME = "1d";

/** Signs and checks the API's bearer tokens (HS256, one day). The token names the account, nothing else. */
export function accessTokens(authSecret: string) {
  // A key of its own, derived from the shared secret, so a session cookie can never pass as a token.
  const key = createHash("sha256").update(`access-token:${authSecret}`).digest();
  return {
    /** `expiresAt` (epoch seconds) overrides the one-day lifetime. */
    issue(email: string, expiresAt: number | string = ACCESS_TOKEN_LIFETIME): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(email)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key);
    },
    /** The email the token was issued to; throws when it is forged, expired or malformed. */
    async verify(token: string): Promise<string> {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ["HS256"] });
      if (!payload.sub) throw new Error("token without subject");
      return payload.sub;
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;
