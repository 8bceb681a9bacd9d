import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "../db/client.js";
import { isDeviceRecorded, recordDevice } from "./queries.js";

/**
 * Device cookies (OWASP's answer to lockouts used against the owner): every successful sign-in with a
 * password leaves a cookie in that browser, signed for that account. A sign-in that brings a valid one is
 * counted per device and not by the account-wide lock, so a guesser spread over many addresses cannot lock
 * the owner out of a browser they used before; the guesser, who never signed in, has no such cookie.
 * Each cookie's id is recorded when it is issued, and a password reset deletes the account's ids: a cookie
 * taken from a browser before the reset opens nothing after it.
 * See docs/decisions/021-account-allowances-and-device-cookies.md.
 */
export const DEVICE_COOKIE = "forgeline_device";
const LIFETIME_SECONDS = 365 * 24 * 60 * 60;
/** The browsers an account keeps trusted; signing in from one more forgets the one trusted longest ago. */
const DEVICES_PER_ACCOUNT = 20;

export interface DeviceCookies {
  /**
   * A cookie for this account, recorded: the Set-Cookie header's value. A browser that brought a trusted
   * one (`device`) keeps its id, so returning browsers do not add rows.
   */
  issue(email: string, device?: string): Promise<string>;
  /** The device's id when the request brings a valid, unexpired cookie for this account that is still recorded. */
  trusted(cookieHeader: string | undefined, email: string): Promise<string | undefined>;
}

export function deviceCookies(secret: string, secure: boolean, db: Database): DeviceCookies {
  const sign = (email: string, device: string, expires: number) =>
    createHmac("sha256", secret).update(`device-cookie\n${email.toLowerCase()}\n${device}\n${expires}`).digest();

  return {
    async issue(email, device = randomBytes(12).toString("base64url")) {
      const expires = Math.floor(Date.now() / 1000) + LIFETIME_SECONDS;
      await recordDevice(
        db,
        { email: email.toLowerCase(), device, expiresAt: new Date(expires * 1000) },
        DEVICES_PER_ACCOUNT,
      );
      const value = `${device}.${expires}.${sign(email, device, expires).toString("base64url")}`;
      // Sent only to the sign-in call: no other request carries it, and scripts cannot read it.
      const attributes = `Path=/api/auth/sign-in; Max-Age=${LIFETIME_SECONDS}; HttpOnly; SameSite=Strict`;
      return `${DEVICE_COOKIE}=${value}; ${attributes}${secure ? "; Secure" : ""}`;
    },
    async trusted(cookieHeader, email) {
      const value = cookieHeader
        ?.split(";")
        .map((pair) => pair.trim())
        .find((pair) => pair.startsWith(`${DEVICE_COOKIE}=`))
        ?.slice(DEVICE_COOKIE.length + 1);
      const [device, expiresText, mac] = value?.split(".") ?? [];
      if (!device || !expiresText || !mac || !/^\d{1,12}$/.test(expiresText)) return undefined;
      const expires = Number(expiresText);
      if (expires < Date.now() / 1000) return undefined;
      const expected = sign(email, device, expires);
      const given = Buffer.from(mac, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return (await isDeviceRecorded(db, email.toLowerCase(), device)) ? device : undefined;
    },
  };
}
