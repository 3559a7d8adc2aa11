-- Full-text index of business names (owned by the search module; see README "Search").
-- Contentless (the names live in `businesses`), with contentless_delete so a row can be removed
-- by rowid. The triggers index a normalised name: apostrophes and dots are dropped first, so
-- "O'Malley's" is one token (omalleys) and "L.L.C." reads as llc; unicode61 then folds case,
-- strips accents and splits on every other punctuation mark ("&", "-", ","...).
-- The same rules are applied to queries in app/lib/search-query.ts (keep them in step).
-- Prefix indexes make short prefix queries ("g", "gu", "gul") cheap at millions of rows.
CREATE VIRTUAL TABLE `businesses_fts` USING fts5(
  name,
  content='',
  contentless_delete=1,
  tokenize="unicode61 remove_diacritics 2",
  prefix='1 2 3'
);
--> statement-breakpoint
INSERT INTO `businesses_fts`(rowid, name)
  SELECT id, replace(replace(replace(replace(name, '''', ''), '’', ''), 'ʼ', ''), '.', '') FROM `businesses`;
--> statement-breakpoint
CREATE TRIGGER `businesses_fts_ai` AFTER INSERT ON `businesses` BEGIN
  INSERT INTO `businesses_fts`(rowid, name)
    VALUES (new.id, replace(replace(replace(replace(new.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_fts_ad` AFTER DELETE ON `businesses` BEGIN
  DELETE FROM `businesses_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_fts_au` AFTER UPDATE OF name ON `businesses` BEGIN
  DELETE FROM `businesses_fts` WHERE rowid = old.id;
  INSERT INTO `businesses_fts`(rowid, name)
    VALUES (new.id, replace(replace(replace(replace(new.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''));
END;
--> statement-breakpoint
-- The name as typed, ASCII-lower-cased without apostrophes, dots and commas: a B-tree over it
-- answers "names starting with what was typed" (exact and leading matches, ranked first) in
-- order and with LIMIT, without scoring every full-text match. Keep the expression identical to
-- NAME_KEY_SQL in app/models/business-search.server.ts so the planner uses this index.
CREATE INDEX `businesses_name_key_idx` ON `businesses` (lower(replace(replace(replace(replace("name", '''', ''), '’', ''), '.', ''), ',', '')));
