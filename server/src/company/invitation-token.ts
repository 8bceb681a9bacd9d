import { createHash, randomBytes } from "node:crypto";

/**
 * An invitation's link carries 32 random bytes (base64url, 43 characters); the shop keeps only their
 * SHA-256, so a copy of the database opens no company. A hash without a salt is enough: the token is
 * random and long, so there is no dictionary to try it against.
 */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: invitationTokenHash(token) };
}

export function invitationTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
