-- Issue 19 and 20 (every search shape from an index): a street address's start with a status, a
-- type, a city, a ZIP, a document number or a name is one intersection inside the full-text index,
-- as a ZIP code's prefix is (drizzle/0018). Before, every business of the address's prefix was read
-- and checked: "1" in "331" 790 ms, "12" with LLC 270 ms, "1" with ACTIVE 140 ms, "llc" at "100"
-- 150 ms at 3.5M businesses.
-- * businesses_fts documents carry the street address's first capital letters, digits and spaces
--   (at most 4, upper-cased, each space written _) as one more tag, _a<characters>
--   (app/lib/search-tags.ts, ftsDocumentSql; keep the expressions below in step with it): the
--   index keeps its prefixes, so an address's prefix of up to 4 such characters is one list.
-- * The update trigger fires on the street address too.
-- * Refilled here in rowid order, with the importer's bulk settings.
DROP TRIGGER IF EXISTS `businesses_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `businesses_fts_au`;
--> statement-breakpoint
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
INSERT INTO `businesses_fts`(`businesses_fts`, rank) VALUES ('hashsize', 16777216);
--> statement-breakpoint
INSERT INTO `businesses_fts`(`businesses_fts`, rank) VALUES ('automerge', 0);
--> statement-breakpoint
INSERT INTO `businesses_fts`(rowid, name)
  SELECT b.id, replace(replace(replace(replace(replace(b.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(b.city, ''))
    || ' _x' || CASE b.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(b.status) END || '_' || CASE b.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(b.filing_type) END
    || ' _t' || CASE b.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(b.filing_type) END || ' _k' || b.is_claimed
    || CASE WHEN b.document_number GLOB '*[^A-Z0-9]*' THEN '' ELSE ' _d' || substr(b.document_number, 1, 8) END
    || CASE WHEN substr(b.zip, 1, 5) GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 5) WHEN substr(b.zip, 1, 4) GLOB '[0-9][0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 4) WHEN substr(b.zip, 1, 3) GLOB '[0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 3) WHEN substr(b.zip, 1, 2) GLOB '[0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 2) WHEN substr(b.zip, 1, 1) GLOB '[0-9]' THEN ' _z' || substr(b.zip, 1, 1) ELSE '' END
    || CASE WHEN substr(upper(b.address1), 1, 4) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 4), ' ', '_') WHEN substr(upper(b.address1), 1, 3) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 3), ' ', '_') WHEN substr(upper(b.address1), 1, 2) GLOB '[A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 2), ' ', '_') WHEN substr(upper(b.address1), 1, 1) GLOB '[A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 1), ' ', '_') ELSE '' END
  FROM `businesses` b ORDER BY b.id;
--> statement-breakpoint
INSERT INTO `businesses_fts`(`businesses_fts`) VALUES ('optimize');
--> statement-breakpoint
INSERT INTO `businesses_fts`(`businesses_fts`, rank) VALUES ('hashsize', 1048576);
--> statement-breakpoint
INSERT INTO `businesses_fts`(`businesses_fts`, rank) VALUES ('automerge', 4);
--> statement-breakpoint
CREATE TRIGGER `businesses_fts_ai` AFTER INSERT ON `businesses` BEGIN
  INSERT INTO `businesses_fts`(rowid, name)
    VALUES (new.id, replace(replace(replace(replace(replace(new.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(new.city, ''))
    || ' _x' || CASE new.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(new.status) END || '_' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END
    || ' _t' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END || ' _k' || new.is_claimed
    || CASE WHEN new.document_number GLOB '*[^A-Z0-9]*' THEN '' ELSE ' _d' || substr(new.document_number, 1, 8) END
    || CASE WHEN substr(new.zip, 1, 5) GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 5) WHEN substr(new.zip, 1, 4) GLOB '[0-9][0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 4) WHEN substr(new.zip, 1, 3) GLOB '[0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 3) WHEN substr(new.zip, 1, 2) GLOB '[0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 2) WHEN substr(new.zip, 1, 1) GLOB '[0-9]' THEN ' _z' || substr(new.zip, 1, 1) ELSE '' END
    || CASE WHEN substr(upper(new.address1), 1, 4) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 4), ' ', '_') WHEN substr(upper(new.address1), 1, 3) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 3), ' ', '_') WHEN substr(upper(new.address1), 1, 2) GLOB '[A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 2), ' ', '_') WHEN substr(upper(new.address1), 1, 1) GLOB '[A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 1), ' ', '_') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_fts_au` AFTER UPDATE OF name, city, status, filing_type, is_claimed, document_number, zip, address1 ON `businesses` BEGIN
  DELETE FROM `businesses_fts` WHERE rowid = old.id;
  INSERT INTO `businesses_fts`(rowid, name)
    VALUES (new.id, replace(replace(replace(replace(replace(new.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(new.city, ''))
    || ' _x' || CASE new.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(new.status) END || '_' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END
    || ' _t' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END || ' _k' || new.is_claimed
    || CASE WHEN new.document_number GLOB '*[^A-Z0-9]*' THEN '' ELSE ' _d' || substr(new.document_number, 1, 8) END
    || CASE WHEN substr(new.zip, 1, 5) GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 5) WHEN substr(new.zip, 1, 4) GLOB '[0-9][0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 4) WHEN substr(new.zip, 1, 3) GLOB '[0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 3) WHEN substr(new.zip, 1, 2) GLOB '[0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 2) WHEN substr(new.zip, 1, 1) GLOB '[0-9]' THEN ' _z' || substr(new.zip, 1, 1) ELSE '' END
    || CASE WHEN substr(upper(new.address1), 1, 4) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 4), ' ', '_') WHEN substr(upper(new.address1), 1, 3) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 3), ' ', '_') WHEN substr(upper(new.address1), 1, 2) GLOB '[A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 2), ' ', '_') WHEN substr(upper(new.address1), 1, 1) GLOB '[A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 1), ' ', '_') ELSE '' END);
END;
