/**
 * The filter values a business carries as tags in the full-text index (drizzle/0009), and the
 * FTS5 terms that find them. One token per value: `_c` + hex of the city, `_s` + hex of the
 * status, `_t` + hex of the filing type, `_k` + 0/1 for claimed. Hex (of the UTF-8 bytes, as
 * SQLite's hex() writes it) keeps the exact value, spaces and case included, so a tag matches
 * exactly the rows `city = ?` / `status = ?` / `filing_type = ?` match. `_` never appears in a
 * name query's words (search-query.ts splits on it), so names and tags cannot meet.
 */
export type TagFilters = { city?: string; type?: string; status?: string; claimed?: boolean | null };

const encoder = new TextEncoder();
const hex = (value: string) =>
  Array.from(encoder.encode(value), (byte) => byte.toString(16).padStart(2, "0").toUpperCase()).join("");

/** The quoted FTS5 terms for the given filters (empty values are no filter). */
export function filterTagTerms({ city, type, status, claimed }: TagFilters): string[] {
  const terms: string[] = [];
  if (city) terms.push(`"_c${hex(city)}"`);
  if (status) terms.push(`"_s${hex(status)}"`);
  if (type) terms.push(`"_t${hex(type)}"`);
  if (typeof claimed === "boolean") terms.push(`"_k${claimed ? 1 : 0}"`);
  return terms;
}

/**
 * The document the full-text index holds for a business row (`row` is the alias, e.g. `new`):
 * its normalised name and its filter tags. Must stay the expression of drizzle/0009's triggers;
 * the importer's rebuild uses it, so a full load indexes exactly what the triggers would.
 */
export const ftsDocumentSql = (row: string) =>
  `replace(replace(replace(replace(replace(${row}.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(${row}.city, '')) || ' _s' || hex(${row}.status) || ' _t' || hex(${row}.filing_type) || ' _k' || ${row}.is_claimed`;
