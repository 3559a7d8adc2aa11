import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/redirect";

describe("safeRedirect", () => {
  it.each(["/dashboard", "/claim/1", "/search?name=a%20b&page=2", "/business/3#top"])("follows same-site path %s", (to) => {
    expect(safeRedirect(to)).toBe(to);
  });

  it.each([
    "https://evil.example/",
    "http://evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "dashboard",
    "",
    null,
    undefined,
    "/" + "a".repeat(3000),
  ])("falls back for %s", (to) => {
    expect(safeRedirect(to as string)).toBe("/dashboard");
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//x", "/")).toBe("/");
  });
});
