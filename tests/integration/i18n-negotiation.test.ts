/**
 * Which language a request is answered in (issue 42): the `lng` parameter, then the cookie, then
 * the signed-in user's saved choice, then Accept-Language, else English; the switch that sets
 * the cookie and the profile; the alternates every page carries; the JSON door's English.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { languageAlternates } from "~/lib/language-links";
import { PAGE_NAMESPACES } from "~/lib/languages";
import { action as switchLanguage } from "~/routes/resources.language";
import { loader as localesLoader } from "~/routes/resources.locales.$lng.$ns";
import { loader as languageLoader } from "~/routes/resources.locales.$lng._index";
import { loader as rootLoader } from "~/root";
import { fieldErrorsOf } from "~/utils/http/errors.server";
import { fixedT, getLanguage, languageCookie, mailLanguage } from "~/utils/i18n.server";
import { callRoute, createUser, makeRequest } from "../support/factories";

const cookieFor = async (lng: string) => (await languageCookie.serialize(lng)).split(";")[0];

describe("the language of a request", () => {
  it("is English by default, and for a language the product does not speak", async () => {
    expect(await getLanguage(await makeRequest("/"))).toBe("en");
    expect(await getLanguage(await makeRequest("/", { headers: { "Accept-Language": "fr-FR,fr;q=0.9,de;q=0.5" } }))).toBe("en");
    expect(await getLanguage(await makeRequest("/?lng=xx"))).toBe("en");
  });

  it("follows Accept-Language, with its weights", async () => {
    expect(await getLanguage(await makeRequest("/", { headers: { "Accept-Language": "es-US,es;q=0.9,en;q=0.8" } }))).toBe("es");
    expect(await getLanguage(await makeRequest("/", { headers: { "Accept-Language": "fr;q=1,es;q=0.5" } }))).toBe("es");
    expect(await getLanguage(await makeRequest("/", { headers: { "Accept-Language": "en;q=0.9,es;q=0.2" } }))).toBe("en");
  });

  it("puts the saved choice of a signed-in user before the header, the cookie before both, the parameter first", async () => {
    const user = await createUser();
    getDb().update(users).set({ language: "es" }).where(eq(users.id, user.id)).run();
    const english = { "Accept-Language": "en-US" };
    expect(await getLanguage(await makeRequest("/", { user, headers: english }))).toBe("es");
    expect(await getLanguage(await makeRequest("/", { user, cookie: await cookieFor("en") }))).toBe("en");
    expect(await getLanguage(await makeRequest("/?lng=es", { cookie: await cookieFor("en"), headers: english }))).toBe("es");
    expect(await getLanguage(await makeRequest("/?lng=en", { user }))).toBe("en");
    expect(mailLanguage({ language: "es" })).toBe("es");
    expect(mailLanguage({ language: null })).toBe("en");
    expect(mailLanguage({ language: "fr" })).toBe("en");
  });

  it("is what the root gives the page, with the alternates, and a ?lng= link is kept in the cookie", async () => {
    const response = await callRoute(rootLoader as Parameters<typeof callRoute>[0], await makeRequest("/search?q=acme&lng=es"));
    const data = (await response.json()) as { language: string; alternates: { hrefLang: string; href: string }[] };
    expect(data.language).toBe("es");
    expect(data.alternates).toEqual([
      { hrefLang: "en", href: "http://localhost:3000/search?q=acme&lng=en" },
      { hrefLang: "es", href: "http://localhost:3000/search?q=acme&lng=es" },
      { hrefLang: "x-default", href: "http://localhost:3000/search?q=acme" },
    ]);
    expect(response.headers.get("Set-Cookie")).toContain("lng=");
    expect(languageAlternates(new URL("http://x/"), "https://btr.example")[2]).toEqual({ hrefLang: "x-default", href: "https://btr.example/" });
  });
});

describe("the language switch (POST /resources/language)", () => {
  it("sets the cookie and comes back to the same page and query, without a stale lng", async () => {
    const response = await callRoute(switchLanguage as Parameters<typeof callRoute>[0], await makeRequest("/resources/language", { form: { lng: "es", redirectTo: "/search?q=caf%C3%A9&lng=en&page=2" } }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/search?q=caf%C3%A9&page=2");
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^lng=/);
    expect(await languageCookie.parse(cookie.split(";")[0])).toBe("es");
  });

  it("saves the choice on the profile of a signed-in user", async () => {
    const user = await createUser();
    await callRoute(switchLanguage as Parameters<typeof callRoute>[0], await makeRequest("/resources/language", { user, form: { lng: "es", redirectTo: "/dashboard" } }));
    expect(getDb().select({ language: users.language }).from(users).where(eq(users.id, user.id)).get()!.language).toBe("es");
  });

  it("ignores a language it does not speak and an address elsewhere", async () => {
    const user = await createUser();
    const odd = await callRoute(switchLanguage as Parameters<typeof callRoute>[0], await makeRequest("/resources/language", { user, form: { lng: "fr'); DROP TABLE users;--", redirectTo: "https://evil.example/" } }));
    expect(odd.status).toBe(302);
    expect(odd.headers.get("Location")).toBe("/");
    expect(odd.headers.get("Set-Cookie")).toBeNull();
    expect(getDb().select({ language: users.language }).from(users).where(eq(users.id, user.id)).get()!.language).toBeNull();
  });
});

describe("the browser's namespaces (GET /resources/locales/{lng}/{ns})", () => {
  it("answers a namespace as JSON, cacheable; 404 for anything else", async () => {
    const ok = await callRoute(localesLoader as Parameters<typeof callRoute>[0], await makeRequest("/resources/locales/es/common"), { lng: "es", ns: "common" });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Cache-Control")).toContain("max-age");
    expect(((await ok.json()) as { nav: { signIn: string } }).nav.signIn).toBe("Iniciar sesión");
    for (const [lng, ns] of [["fr", "common"], ["es", "secrets"], ["es", "../../package"]]) {
      expect((await callRoute(localesLoader as Parameters<typeof callRoute>[0], await makeRequest("/x"), { lng, ns })).status).toBe(404);
    }
  });
});

describe("the rest of a language (GET /resources/locales/{lng})", () => {
  it("answers every namespace the pages use, cacheable, and not the server's own; 404 for another language", async () => {
    const call = async (lng: string) =>
      callRoute(languageLoader as Parameters<typeof callRoute>[0], await makeRequest(`/resources/locales/${lng}`), { lng });
    const ok = await call("es");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Cache-Control")).toContain("max-age");
    const all = (await ok.json()) as Record<string, Record<string, unknown>>;
    expect(Object.keys(all).sort()).toEqual([...PAGE_NAMESPACES].sort());
    expect(Object.keys(all)).not.toContain("mail");
    expect((all.auth.login as { title: string }).title).toBe("Iniciar sesión");
    for (const lng of ["fr", "../en", ""]) expect((await call(lng)).status).toBe(404);
  });
});

describe("messages as keys", () => {
  it("the JSON door gives a key's English, and a plain message as it is", () => {
    const schema = z.object({ email: z.string().min(3, { error: "validation:emailInvalid" }), name: z.string().min(1, { error: "Name is required" }) });
    const result = schema.safeParse({ email: "", name: "" });
    expect(result.success).toBe(false);
    const english = fixedT("en")("validation:emailInvalid");
    expect(english).not.toBe("validation:emailInvalid");
    expect(fieldErrorsOf(result.error!)).toEqual({ email: [english], name: ["Name is required"] });
    expect(fixedT("es")("validation:emailInvalid")).not.toBe(english);
  });
});
