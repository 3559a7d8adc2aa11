/**
 * The per-request i18next's remembered plain lookups (app/lib/plain-lookups.ts): the same texts
 * as i18next gives, asked of i18next once per language, namespace and prefix; calls with options
 * (plurals, placeholders, a default) still go through it each time.
 */
import { createInstance } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { rememberPlainLookups } from "~/lib/plain-lookups";

function instance(lng: string) {
  const i18n = createInstance();
  void i18n.init({
    lng,
    initImmediate: false,
    defaultNS: "common",
    ns: ["common", "search"],
    interpolation: { escapeValue: false },
    resources: {
      en: {
        common: { hello: "Hello", errors: { gone: "Gone" }, items_one: "{{count}} item", items_other: "{{count}} items", hi: "Hi {{name}}", bye: "Bye" },
        search: { title: "Search" },
      },
      es: { common: { hello: "Hola", errors: { gone: "Ya no está" } }, search: { title: "Buscar" } },
    },
  });
  return rememberPlainLookups(i18n);
}

describe("plain lookups remembered", () => {
  it("give i18next's texts, by language, namespace and key prefix", () => {
    const en = instance("en");
    const es = instance("es");
    expect(en.getFixedT(null, "common")("hello")).toBe("Hello");
    expect(es.getFixedT(null, "common")("hello")).toBe("Hola");
    expect(en.getFixedT("es", "common")("hello")).toBe("Hola");
    expect(en.getFixedT(null, "search")("title")).toBe("Search");
    expect(es.getFixedT(null, "search")("title")).toBe("Buscar");
    expect(en.getFixedT(null, "common", "errors")("gone")).toBe("Gone");
    expect(es.getFixedT(null, "common", "errors")("gone")).toBe("Ya no está");
    expect(en.getFixedT(null, "common")("errors.gone")).toBe("Gone");
  });

  it("ask i18next once for a plain key, and every time for a call with options", () => {
    const i18n = instance("en");
    const asked = vi.spyOn(i18n, "t");
    const t = i18n.getFixedT(null, "common");
    expect([t("bye"), t("bye"), i18n.getFixedT(null, "common")("bye")]).toEqual(["Bye", "Bye", "Bye"]);
    expect(asked).toHaveBeenCalledTimes(1);
    // Remembered across instances too (one per request).
    const other = instance("en");
    const again = vi.spyOn(other, "t");
    expect(other.getFixedT(null, "common")("bye")).toBe("Bye");
    expect(again).not.toHaveBeenCalled();
    expect(t("items", { count: 1 })).toBe("1 item");
    expect(t("items", { count: 3 })).toBe("3 items");
    expect(t("hi", { name: "Ana" })).toBe("Hi Ana");
    expect(t("hi", { name: "Luis" })).toBe("Hi Luis");
    expect(t("missing.key", "A default")).toBe("A default");
    expect(asked).toHaveBeenCalledTimes(6);
  });
});
