-- Issue 20: every search shape answered from an index (see docs/decisions/0011-search-plan.md).
-- The full-text index now also holds each business's filter values as tags, so that "a name
-- within a town", "REVOKED LLLPs" or "claimed, in Pembroke Park" is one FTS5 intersection of
-- posting lists (small side first, skipping through the big one) instead of a walk over every
-- row that matches one side, checking the other row by row:
--   _c<hex(city)> _s<hex(status)> _t<hex(filing_type)> _k<is_claimed>
-- Hex keeps the exact values (the filters compare with `=`, case and spaces included) inside a
-- single token. `_` is a token character here and nowhere else: indexed names have theirs
-- turned into spaces, and a query's words never contain one (app/lib/search-query.ts splits on
-- it), so no name query can match a tag. Keep the expressions in step with
-- app/lib/search-tags.ts and scripts/lib/bench-registry.ts.
DROP TABLE `businesses_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `businesses_fts` USING fts5(
  name,
  content='',
  contentless_delete=1,
  detail=none,
  tokenize="unicode61 remove_diacritics 2 tokenchars '_'",
  prefix='1 2 3 4 5 6 7 8 9 10 11 12'
);
--> statement-breakpoint
INSERT INTO `businesses_fts`(rowid, name)
  SELECT id, replace(replace(replace(replace(replace(name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(city, '')) || ' _s' || hex(status) || ' _t' || hex(filing_type) || ' _k' || is_claimed
  FROM `businesses`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `businesses_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `businesses_fts_au`;
--> statement-breakpoint
CREATE TRIGGER `businesses_fts_ai` AFTER INSERT ON `businesses` BEGIN
  INSERT INTO `businesses_fts`(rowid, name)
    VALUES (new.id, replace(replace(replace(replace(replace(new.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
      || ' _c' || hex(coalesce(new.city, '')) || ' _s' || hex(new.status) || ' _t' || hex(new.filing_type) || ' _k' || new.is_claimed);
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_fts_au` AFTER UPDATE OF name, city, status, filing_type, is_claimed ON `businesses` BEGIN
  DELETE FROM `businesses_fts` WHERE rowid = old.id;
  INSERT INTO `businesses_fts`(rowid, name)
    VALUES (new.id, replace(replace(replace(replace(replace(new.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
      || ' _c' || hex(coalesce(new.city, '')) || ' _s' || hex(new.status) || ' _t' || hex(new.filing_type) || ' _k' || new.is_claimed);
END;
--> statement-breakpoint
-- Name-ordered walks that check the filters inside the index, never in the table: the town's
-- listing by name (city, name) and names starting with what was typed (the name key), each
-- carrying the filter columns so a filtered walk reads no table row it then throws away.
CREATE INDEX `businesses_city_name_filters_idx` ON `businesses` (`city`, `name`, `status`, `filing_type`, `is_claimed`);
--> statement-breakpoint
CREATE INDEX `businesses_name_key_filters_idx` ON `businesses` (lower(replace(replace(replace(replace("name", '''', ''), '’', ''), '.', ''), ',', '')), `city`, `status`, `filing_type`, `is_claimed`);
