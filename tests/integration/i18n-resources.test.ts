/**
 * The translations (issue 42): every key in every language, with the same placeholders, no
 * empty text; the glossary's terms used as the glossary says.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES } from "~/lib/languages";
import { RESOURCES } from "~/locales/resources.server";

type Tree = { [key: string]: string | Tree };

/** "a.b.c" -> text, for every leaf. */
function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe("the translation resources", () => {
  it("have a file per language and namespace, and nothing else", () => {
    for (const language of LANGUAGES) {
      const files = fs.readdirSync(`app/locales/${language}`).filter((f) => f.endsWith(".json")).map((f) => f.replace(/\.json$/, "")).sort();
      expect(files).toEqual([...NAMESPACES].sort());
    }
  });

  for (const namespace of NAMESPACES) {
    it(`${namespace}: the same keys in every language, with the same placeholders, none empty`, () => {
      const english = leaves(RESOURCES.en[namespace] as Tree);
      for (const language of LANGUAGES) {
        const other = leaves(RESOURCES[language][namespace] as Tree);
        expect([...other.keys()].sort(), `${language}/${namespace}.json`).toEqual([...english.keys()].sort());
        for (const [key, text] of other) {
          expect(text.trim(), `${language}/${namespace}.json ${key} is empty`).not.toBe("");
          expect(placeholders(text), `${language}/${namespace}.json ${key}'s placeholders`).toEqual(placeholders(english.get(key)!));
        }
      }
    });
  }

  it("the Spanish says Local Business Tax Receipt as the glossary does", () => {
    const spanish = NAMESPACES.flatMap((ns) => [...leaves(RESOURCES.es[ns] as Tree).values()]).join("\n");
    const glossary = fs.readFileSync("app/locales/glossary.md", "utf8");
    expect(glossary).toContain("recibo de impuesto comercial local");
    // The glossary's rejected renderings appear nowhere.
    for (const wrong of ["licencia de negocio", "recibo de impuesto de negocios"]) expect(spanish.toLowerCase()).not.toContain(wrong);
  });
});
