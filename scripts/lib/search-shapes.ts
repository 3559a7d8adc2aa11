/**
 * The shapes of search visitors and staff ask (issue 20, with the registry filters of issue 19):
 * one class per shape, each query drawn from the generated registry so it finds what a visitor
 * would. `npm run bench:search` times them in-process; `npm run bench:cold` asks them over HTTP
 * of a server started on a cold page cache.
 */
import type { SearchParams } from "~/models/search/types.server";
import { CITIES, FILING_TYPE_WEIGHTS, pickWeighted, STATUS_WEIGHTS } from "./registry-distributions";
import { generateBusiness, generateCordataRecord, rng } from "./registry-generator";

export type Shape = SearchParams & { kind: string };
const TOWN = "Pembroke Park";

/** `perClass` searches of each shape, drawn from the registry of `N` generated businesses (reproducibly). */
export function buildShapes(N: number, perClass: number): Shape[] {
  const r = rng(20261123);
  const word = () => generateBusiness(Math.floor(r() * N), false).name.split(" ")[0];
  const nameish = () => {
    const w = word();
    return r() < 0.5 ? w : w.slice(0, 3 + Math.floor(r() * 3));
  };
  const status = () => pickWeighted(STATUS_WEIGHTS, r());
  const type = () => pickWeighted(FILING_TYPE_WEIGHTS, r());
  const city = () => (r() < 0.3 ? TOWN : pickWeighted(CITIES, r()));
  const letters = "abcdefghijklmnoprstw";
  const letter = () => letters[Math.floor(r() * letters.length)];
  const common = ["florida", "auto", "sunshine", "services", "group", "smith", "garcia", "miami"];
  // A person as people type one: a surname, "first last", or the start of a surname; of a record's
  // first officer, or of its registered agent when it lists none (a quarter of the records: they
  // all made "SMITH, JOHN" until 2026-11-29, so that one name was 8% of a person class).
  const personish = () => {
    const record = generateCordataRecord(Math.floor(r() * N), false);
    const [last, first = ""] = (record.officers?.[0]?.name ?? record.agent?.name ?? "SMITH, JOHN").split(", ");
    const roll = r();
    if (roll < 0.4) return last;
    if (roll < 0.7) return `${first.split(" ")[0]} ${last}`;
    return last.slice(0, 3 + Math.floor(r() * 4));
  };
  const docPrefix = () => {
    const number = generateCordataRecord(Math.floor(r() * N), false).documentNumber;
    return number.slice(0, [1, 2, 3, 4, 6, 8, 12][Math.floor(r() * 7)]);
  };
  const classes: [string, () => Omit<Shape, "kind">][] = [
    ["name + the town", () => ({ name: r() < 0.3 ? common[Math.floor(r() * common.length)] : nameish(), city: TOWN })],
    ["name + town + status", () => ({ name: nameish(), city: TOWN, status: status() })],
    ["name + status + type", () => ({ name: r() < 0.3 ? common[Math.floor(r() * common.length)] : nameish(), status: status(), type: type() })],
    [
      "filters, no name",
      () => {
        const f: Omit<Shape, "kind"> = {};
        while (Object.keys(f).length === 0) {
          if (r() < 0.5) f.city = city();
          if (r() < 0.6) f.status = status();
          if (r() < 0.5) f.type = type();
          if (r() < 0.2) f.claimed = r() < 0.5;
        }
        return f;
      },
    ],
    ["town listing, any page", () => ({ city: TOWN, page: 1 + Math.floor(r() * 300) })],
    ["town + status, any page", () => ({ city: TOWN, status: status(), page: 1 + Math.floor(r() * 200) })],
    [
      "deep pages (to the count cap)",
      () => {
        const roll = r();
        const page = 100 + Math.floor(r() * 900);
        if (roll < 0.3) return { name: common[Math.floor(r() * common.length)], page };
        if (roll < 0.6) return { status: status(), page };
        if (roll < 0.8) return { city: city(), status: status(), page };
        return { name: letter(), type: type(), page };
      },
    ],
    ["one-letter name", () => ({ name: letter(), ...(r() < 0.5 ? { city: TOWN } : r() < 0.5 ? { status: status() } : {}) })],
    ["two-letter name", () => ({ name: letter() + letter(), ...(r() < 0.5 ? { city: TOWN } : r() < 0.5 ? { status: status(), type: type() } : {}) })],
    ["admin: claimed tabs", () => ({ claimed: r() < 0.5, ...(r() < 0.5 ? { name: nameish() } : {}), page: 1 + Math.floor(r() * 3) })],
    // Issue 19's registry filters (the "Advanced" search): officers' and agents' names, ZIP, street, FEI.
    ["person (officer or agent)", () => ({ person: personish() })],
    ["person + the town", () => ({ person: personish(), city: TOWN })],
    ["person + status + type", () => ({ person: personish(), status: status(), type: type() })],
    ["person + name", () => ({ person: personish(), name: nameish() })],
    [
      "ZIP, street or FEI",
      () => {
        const record = generateCordataRecord(Math.floor(r() * N), false);
        const zip = record.principal?.zip ?? "33023";
        const roll = r();
        if (roll < 0.4) return { zip: r() < 0.5 ? zip : zip.slice(0, 3) };
        if (roll < 0.7) return { address: (record.principal?.address1 ?? "3150 SW").split(" ").slice(0, 2).join(" ") };
        return { fei: record.fei ?? "59-1234567" };
      },
    ],
    // A document number as typed, from its first letter to all of it, with filters or a name.
    ["document number + filters", () => ({ doc: docPrefix(), ...(r() < 0.5 ? { status: status() } : {}), ...(r() < 0.5 ? { type: type() } : { city: city() }), ...(r() < 0.2 ? { claimed: r() < 0.5 } : {}) })],
    ["document number + name", () => ({ doc: docPrefix(), name: r() < 0.3 ? common[Math.floor(r() * common.length)] : nameish() })],
    // A ZIP code (or its first 3 digits) with a status, a type, claimed or a name (drizzle/0018).
    [
      "ZIP + filters or a name",
      () => {
        const zip = (generateCordataRecord(Math.floor(r() * N), false).principal?.zip ?? "33023").slice(0, r() < 0.5 ? 3 : 5);
        const roll = r();
        if (roll < 0.3) return { zip, status: status() };
        if (roll < 0.5) return { zip, status: status(), type: type() };
        if (roll < 0.6) return { zip, claimed: r() < 0.5 };
        return { zip, name: r() < 0.3 ? common[Math.floor(r() * common.length)] : nameish(), ...(r() < 0.3 ? { status: status() } : {}) };
      },
    ],
    // An officer's or agent's name in a ZIP code or its first 3 digits, sometimes with a status (drizzle/0019).
    [
      "person + ZIP",
      () => {
        const zip = (generateCordataRecord(Math.floor(r() * N), false).principal?.zip ?? "33023").slice(0, r() < 0.5 ? 3 : 5);
        return { person: personish(), zip, ...(r() < 0.3 ? { status: status() } : {}) };
      },
    ],
    // A street address as typed (its first characters, or its number and street) with a ZIP, a
    // status, a type, a city or a name (drizzle/0020).
    [
      "street + filters or a name",
      () => {
        const principal = generateCordataRecord(Math.floor(r() * N), false).principal;
        const street = principal?.address1 ?? "3150 SW 52ND AVE";
        const address = r() < 0.5 ? street.slice(0, 1 + Math.floor(r() * 4)) : street.split(" ").slice(0, 2 + Math.floor(r() * 2)).join(" ");
        const roll = r();
        if (roll < 0.3) return { address, zip: (principal?.zip ?? "33023").slice(0, r() < 0.5 ? 3 : 5) };
        if (roll < 0.5) return { address, status: status(), ...(r() < 0.5 ? { type: type() } : {}) };
        if (roll < 0.6) return { address, type: type() };
        if (roll < 0.7) return { address, city: city() };
        return { address, name: r() < 0.3 ? common[Math.floor(r() * common.length)] : nameish() };
      },
    ],
    // A document number as typed with a ZIP or a street's first characters, sometimes a status.
    [
      "document number + ZIP or street",
      () => {
        const principal = generateCordataRecord(Math.floor(r() * N), false).principal;
        const where =
          r() < 0.5
            ? { zip: (principal?.zip ?? "33023").slice(0, r() < 0.5 ? 3 : 5) }
            : { address: (principal?.address1 ?? "3150 SW").slice(0, 1 + Math.floor(r() * 4)) };
        return { doc: docPrefix(), ...where, ...(r() < 0.3 ? { status: status() } : {}) };
      },
    ],
    // An officer's or agent's name with a street address as typed (its first characters, or its
    // number and street) or a document number's prefix, sometimes a status (drizzle/0021).
    [
      "person + street or document number",
      () => {
        const street = generateCordataRecord(Math.floor(r() * N), false).principal?.address1 ?? "3150 SW 52ND AVE";
        const where =
          r() < 0.6
            ? { address: r() < 0.5 ? street.slice(0, 1 + Math.floor(r() * 4)) : street.split(" ").slice(0, 2).join(" ") }
            : { doc: docPrefix() };
        return { person: personish(), ...where, ...(r() < 0.3 ? { status: status() } : {}) };
      },
    ],
  ];
  return classes.flatMap(([kind, make]) => Array.from({ length: perClass }, () => ({ kind, limit: 10, page: 1, ...make() })));
}
