import { describe, expect, it } from "vitest";
import { parseId } from "~/lib/ids";
import { isOwner } from "~/models/business.server";
import { readBusinessFilters, readJsonObject, readPaging, requireBodyId } from "~/utils/http";

describe("parseId: the one id rule (route params, bodies, Stripe metadata)", () => {
  it("reads trimmed digits, up to 15, naming a positive safe integer", () => {
    expect(parseId("42")).toBe(42);
    expect(parseId(" 42 ")).toBe(42); // was null on the business pages (untrimmed), 42 on payments
    expect(parseId(42)).toBe(42);
    expect(parseId("123456789012345")).toBe(123456789012345); // 15 digits: was null on payments (12 digits)
  });
  it("refuses everything else", () => {
    for (const value of ["", " ", "0", "-1", "1.5", "1e3", "abc", "0x10", "1234567890123456", "9".repeat(15) + "9", null, undefined, 1.5, -3, {}]) {
      expect(parseId(value), String(value)).toBeNull();
    }
  });
});

describe("readPaging: the one paging policy of the JSON API", () => {
  const read = (qs: string, fallback?: number) => readPaging(new URLSearchParams(qs), fallback);
  it("defaults and accepts the range", () => {
    expect(read("")).toEqual({ page: 1, limit: 10 });
    expect(read("", 5)).toEqual({ page: 1, limit: 5 });
    expect(read("page=3&limit=100")).toEqual({ page: 3, limit: 100 });
    expect(read("page= 2 ")).toEqual({ page: 2, limit: 10 });
  });
  it.each(["limit=101", "limit=0", "page=0", "page=1000001", "limit=1.5", "limit=1e2", "page=-1", "page=x"])("%s is a 400", async (qs) => {
    let thrown: unknown;
    try {
      read(qs);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(qs.split("=")[0]);
  });
});

describe("readBusinessFilters: the admin's name / document search", () => {
  it("trims, takes q for name, and cuts at 200 characters instead of refusing", () => {
    expect(readBusinessFilters(new URLSearchParams("q= acme &doc="))).toEqual({ name: "acme" });
    expect(readBusinessFilters(new URLSearchParams({ name: "n".repeat(300), doc: "d".repeat(300) }))).toEqual({
      name: "n".repeat(200),
      doc: "d".repeat(200),
    });
  });
});

describe("isOwner: the one ownership rule", () => {
  it("is the claimed business's ownerId, nothing else", () => {
    expect(isOwner({ isClaimed: true, ownerId: 7 }, 7)).toBe(true);
    expect(isOwner({ isClaimed: true, ownerId: 7 }, 8)).toBe(false);
    expect(isOwner({ isClaimed: false, ownerId: 7 }, 7)).toBe(false);
    expect(isOwner({ isClaimed: true, ownerId: null }, null)).toBe(false);
    expect(isOwner({ isClaimed: true, ownerId: 7 }, undefined)).toBe(false);
  });
});

async function thrownBy(fn: () => unknown): Promise<Response> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("nothing thrown");
}

describe("JSON bodies: one policy for every JSON endpoint", () => {
  const post = (body: string, type?: string) =>
    new Request("http://localhost/api/payments", { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

  it("415 unless declared application/json (also for the payment endpoints, which used to take any type)", async () => {
    for (const type of [undefined, "text/plain", "application/x-www-form-urlencoded"]) {
      const response = await thrownBy(() => readJsonObject(post('{"businessId":1}', type)));
      expect(response.status, String(type)).toBe(415);
      expect(await response.json()).toEqual({ error: { message: "Content-Type must be application/json" } });
    }
    expect(await readJsonObject(post('{"businessId":1}', "application/json; charset=utf-8"))).toEqual({ businessId: 1 });
  });

  it("400 for a body that is not a JSON object", async () => {
    for (const body of ["{oops", "[1]", "null", '"x"']) {
      expect((await thrownBy(() => readJsonObject(post(body, "application/json")))).status, body).toBe(400);
    }
  });

  it("a body id follows the id rule, or a 400 naming the field", async () => {
    expect(requireBodyId({ businessId: " 12 " }, "businessId", "Business ID is required")).toBe(12);
    const response = await thrownBy(() => requireBodyId({ businessId: "1.5" }, "businessId", "Business ID is required"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { message: "Business ID is required", fieldErrors: { businessId: ["Business ID is required"] } } });
  });
});
