-- Issue 20 (and 19: every index costs import time): one B-tree index fewer over `businesses`,
-- and a full-text index with shorter filter tags, answering the same searches faster.
-- * businesses_city_name_idx (city, name, zip: the town's listing) and
--   businesses_city_name_filters_idx (city, name, status, filing_type, is_claimed: listings
--   with filters) become one index: (city, name, zip, status, filing_type, is_claimed) covers
--   both, in the same city-then-name order, and a listing with filters in a town (city names
--   AND ZIPs) then reads no table row it throws away. Measured at 3.5M rows: (city, name, zip)
--   5.3 CPU-s and (city, name, status, filing_type, is_claimed) 6.1 CPU-s to build, the merged
--   one 6.7 CPU-s.
-- (businesses_name_key_idx stays, though businesses_name_key_filters_idx starts with the same key:
-- only it gives the (name key, id) order of an unfiltered name's tiers 1 and 2 without a sort.)
DROP INDEX IF EXISTS `businesses_city_name_filters_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `businesses_city_name_idx`;
--> statement-breakpoint
CREATE INDEX `businesses_city_name_idx` ON `businesses` (`city`,`name`,`zip`,`status`,`filing_type`,`is_claimed`);
--> statement-breakpoint
-- * The full-text index's filter tags (drizzle/0009) become short, and the status and the filing
--   type one tag together (app/lib/search-tags.ts says why and how; keep the expressions below in
--   step with its ftsDocumentSql): _c<hex(city)> _x<status code>_<type code> _t<type code>
--   _k<claimed>. A name with a status and a type is then one intersection with one list instead
--   of two long ones (README "Every search shape, uncached"), and the index is about a fifth cheaper
--   to build (each token adds an entry per prefix length, 1 to 12; the long hex tags were most of
--   the build). Refilled here, once (see README for the time at 3.5M businesses).
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
-- The refill as the importer's bulk fill does it: a 16 MB buffer and no merging along the way
-- (the optimize below merges everything once), then FTS5's defaults again.
INSERT INTO `businesses_fts`(`businesses_fts`, rank) VALUES ('hashsize', 16777216);
--> statement-breakpoint
INSERT INTO `businesses_fts`(`businesses_fts`, rank) VALUES ('automerge', 0);
--> statement-breakpoint
INSERT INTO `businesses_fts`(rowid, name)
  SELECT b.id, replace(replace(replace(replace(replace(b.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(b.city, ''))
    || ' _x' || CASE b.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(b.status) END || '_' || CASE b.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(b.filing_type) END
    || ' _t' || CASE b.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(b.filing_type) END || ' _k' || b.is_claimed
  FROM `businesses` b;
--> statement-breakpoint
INSERT INTO `businesses_fts`(`businesses_fts`) VALUES ('optimize');
--> statement-breakpoint
INSERT INTO `businesses_fts`(`businesses_fts`, rank) VALUES ('hashsize', 1048576);
--> statement-breakpoint
INSERT INTO `businesses_fts`(`businesses_fts`, rank) VALUES ('automerge', 4);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `businesses_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `businesses_fts_au`;
--> statement-breakpoint
CREATE TRIGGER `businesses_fts_ai` AFTER INSERT ON `businesses` BEGIN
  INSERT INTO `businesses_fts`(rowid, name)
    VALUES (new.id, replace(replace(replace(replace(replace(new.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(new.city, ''))
    || ' _x' || CASE new.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(new.status) END || '_' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END
    || ' _t' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END || ' _k' || new.is_claimed);
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_fts_au` AFTER UPDATE OF name, city, status, filing_type, is_claimed ON `businesses` BEGIN
  DELETE FROM `businesses_fts` WHERE rowid = old.id;
  INSERT INTO `businesses_fts`(rowid, name)
    VALUES (new.id, replace(replace(replace(replace(replace(new.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(new.city, ''))
    || ' _x' || CASE new.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(new.status) END || '_' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END
    || ' _t' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END || ' _k' || new.is_claimed);
END;
