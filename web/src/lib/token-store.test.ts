import { describe, expect, it } from "vitest";
import { tokenWith } from "../test-utils";
import { expiresSoon, tokenClaims } from "./token-store";

describe("tokenClaims", () => {
  it("reads who the token names and when it runs out", () => {
    expect(tokenClaims(tokenWith({ sub: "ana@example.com", exp: 1_900_000_000 }))).toEqual({
      sub: "ana@example.com",
      exp: 1_900_000_000,
    });
  });

  it("reads base64url payloads, whose - and _ plain base64 does not know", () => {
    // "???" and ">>>" encode to base64 with / and +, which base64url writes as _ and -.
    const claims = tokenClaims(tokenWith({ sub: "???>>>@example.com" }));
    expect(claims.sub).toBe("???>>>@example.com");
  });

  it.each(["", "not-a-token", "a.!!!.c", `a.${btoa("not json")}.c`])("claims nothing for %j", (token) => {
    expect(tokenClaims(token)).toEqual({});
  });
});

describe("expiresSoon: a token is renewed when a minute or less is left", () => {
  const now = Date.UTC(2030, 0, 1, 12, 0, 0);
  const seconds = (ms: number) => ms / 1000;

  it("keeps a token with over a minute left", () => {
    expect(expiresSoon({ exp: seconds(now + 61_000) }, now)).toBe(false);
    expect(expiresSoon({ exp: seconds(now + 15 * 60_000) }, now)).toBe(false);
  });

  it("renews one with exactly a minute left, less, or none", () => {
    expect(expiresSoon({ exp: seconds(now + 60_000) }, now)).toBe(true);
    expect(expiresSoon({ exp: seconds(now + 1_000) }, now)).toBe(true);
    expect(expiresSoon({ exp: seconds(now - 1_000) }, now)).toBe(true);
  });

  it("renews one that says nothing of its end", () => {
    expect(expiresSoon({ sub: "ana@example.com" }, now)).toBe(true);
  });
});
