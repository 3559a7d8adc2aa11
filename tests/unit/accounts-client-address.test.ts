import { describe, expect, it } from "vitest";
import { lockoutMessage, UNKNOWN_ADDRESS } from "~/models/login-attempt.server";
import { clientAddress, resolveClient, trustedProxies } from "~/utils/client-address.server";
import { parseEnv } from "~/utils/env.server";

const req = (headers: Record<string, string> = {}) => new Request("http://localhost/login", { headers });
const loopback = trustedProxies(["loopback"]);

describe("clientAddress outside the server (no socket: read as from this machine, a trusted proxy by default)", () => {
  it("takes the right-most X-Forwarded-For entry that is not a trusted proxy", () => {
    expect(clientAddress(req({ "X-Forwarded-For": " 203.0.113.7 , 10.0.0.1" }))).toBe("10.0.0.1");
    expect(clientAddress(req({ "X-Forwarded-For": "203.0.113.7, 127.0.0.1" }))).toBe("203.0.113.7");
    expect(clientAddress(req({ "X-Forwarded-For": "2001:DB8::1" }))).toBe("2001:db8::1");
  });

  it("is this machine without the header, and one constant for a junk one", () => {
    expect(clientAddress(req())).toBe("127.0.0.1");
    expect(clientAddress(req({ "X-Forwarded-For": "" }))).toBe("127.0.0.1");
    expect(clientAddress(req({ "X-Forwarded-For": "x".repeat(100) }))).toBe(UNKNOWN_ADDRESS);
  });
});

describe("resolveClient", () => {
  it("ignores X-Forwarded-For and X-Forwarded-Proto from a socket that is not a trusted proxy", () => {
    expect(resolveClient({ socketAddress: "198.51.100.9", forwardedFor: "203.0.113.7", forwardedProto: "https" }, loopback)).toEqual({
      address: "198.51.100.9",
      protocol: "http",
    });
  });

  it("believes a trusted proxy: the right-most untrusted entry, its protocol", () => {
    const trust = trustedProxies(["10.0.0.0/8", "loopback"]);
    expect(
      resolveClient({ socketAddress: "::ffff:10.1.2.3", forwardedFor: "6.6.6.6, 203.0.113.7, 10.9.9.9", forwardedProto: "https" }, trust),
    ).toEqual({ address: "203.0.113.7", protocol: "https" });
    expect(resolveClient({ socketAddress: "::ffff:127.0.0.1" }, trust)).toEqual({ address: "127.0.0.1", protocol: "http" });
  });

  it("an encrypted socket is https whatever the headers say", () => {
    expect(resolveClient({ socketAddress: "198.51.100.9", encrypted: true, forwardedProto: "http" }, loopback).protocol).toBe("https");
  });

  it("trusts no one with TRUSTED_PROXIES=none", () => {
    const none = trustedProxies(parseEnv({ TRUSTED_PROXIES: "none" }).TRUSTED_PROXIES);
    expect(resolveClient({ socketAddress: "127.0.0.1", forwardedFor: "203.0.113.7", forwardedProto: "https" }, none)).toEqual({
      address: "127.0.0.1",
      protocol: "http",
    });
  });
});

describe("TRUSTED_PROXIES", () => {
  it("defaults to loopback and reads a list of addresses and ranges", () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual(["loopback"]);
    expect(parseEnv({ TRUSTED_PROXIES: "" }).TRUSTED_PROXIES).toEqual(["loopback"]);
    expect(parseEnv({ TRUSTED_PROXIES: " 10.0.0.0/8 , 2001:db8::/32,loopback" }).TRUSTED_PROXIES).toEqual(["10.0.0.0/8", "2001:db8::/32", "loopback"]);
    expect(parseEnv({ TRUSTED_PROXIES: "none" }).TRUSTED_PROXIES).toEqual([]);
  });

  it("refuses a bad address or range with a readable message", () => {
    expect(() => parseEnv({ TRUSTED_PROXIES: "10.0.0.0/40, proxy.example" })).toThrow(
      /TRUSTED_PROXIES: "10\.0\.0\.0\/40" is not an address, a CIDR range[\s\S]*TRUSTED_PROXIES: "proxy\.example" is not an address/,
    );
  });
});

describe("METRICS_TOKEN", () => {
  it("must be long enough to be a secret", () => {
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(parseEnv({ METRICS_TOKEN: "0123456789abcdef" }).METRICS_TOKEN).toBe("0123456789abcdef");
    expect(parseEnv({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
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
