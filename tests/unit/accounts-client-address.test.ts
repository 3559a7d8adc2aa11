import { describe, expect, it } from "vitest";
import { lockoutMessage, UNKNOWN_ADDRESS } from "~/models/login-attempt.server";
import { clientAddress } from "~/utils/client-address.server";

const req = (headers: Record<string, string> = {}) => new Request("http://localhost/login", { headers });

describe("clientAddress", () => {
  it("takes the first X-Forwarded-For entry", () => {
    expect(clientAddress(req({ "X-Forwarded-For": " 203.0.113.7 , 10.0.0.1" }))).toBe("203.0.113.7");
    expect(clientAddress(req({ "X-Forwarded-For": "2001:DB8::1" }))).toBe("2001:db8::1");
  });

  it("falls back to one constant without the header (or with a junk one)", () => {
    expect(clientAddress(req())).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(req({ "X-Forwarded-For": "" }))).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(req({ "X-Forwarded-For": "x".repeat(100) }))).toBe(UNKNOWN_ADDRESS);
  });
});

describe("lockoutMessage", () => {
  it("says how long to wait, in whole minutes", () => {
    expect(lockoutMessage(900)).toBe(
      "Too many failed sign-in attempts. For your security, sign-in is paused: please try again in 15 minutes.",
    );
    expect(lockoutMessage(20)).toMatch(/try again in 1 minute\.$/);
  });
});
