-- Issue 19 and 20 (every search shape from an index): an officer's or agent's name with a street
-- address's start or a document number's prefix is one intersection inside people_fts, as the name
-- with a ZIP, a city, a status or a type is (drizzle/0014, 0019). Before, every business of the
-- person was read and checked: "SMITH" with "L030" 680 ms, "SMITH" at "7994 ATLANTIC" with
-- INACTIVE 860 ms at 3.5M businesses.
-- * people_fts documents carry every tag their business carries in businesses_fts: also the
--   document number (_d, drizzle/0016), its first 4 characters here (the index keeps prefixes of
--   up to 6 characters; FTS5 answers a longer one by merging every term it starts), and the street
--   address's first 4 letters, digits and spaces (_a, drizzle/0020) (app/lib/search-tags.ts,
--   peopleDocumentSql; keep the expressions below in step with it).
-- * The business trigger writes its people again when its document number or street changes too.
-- * Refilled here in rowid order (agents, then officers), with the importer's bulk settings.
DROP TRIGGER IF EXISTS `business_officers_people_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `business_officers_people_au`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `businesses_agent_people_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `businesses_agent_people_au`;
--> statement-breakpoint
DROP TABLE `people_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `people_fts` USING fts5(
  name,
  content='',
  contentless_delete=1,
  detail=none,
  tokenize="unicode61 remove_diacritics 2 tokenchars '_'",
  prefix='1 2 3 4 5 6'
);
--> statement-breakpoint
INSERT INTO `people_fts`(`people_fts`, rank) VALUES ('hashsize', 16777216);
--> statement-breakpoint
INSERT INTO `people_fts`(`people_fts`, rank) VALUES ('automerge', 0);
--> statement-breakpoint
INSERT INTO `people_fts`(rowid, name)
  SELECT b.id * 8, replace(replace(replace(replace(replace(b.agent_name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(b.city, ''))
    || ' _x' || CASE b.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(b.status) END || '_' || CASE b.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(b.filing_type) END
    || ' _t' || CASE b.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(b.filing_type) END || ' _k' || b.is_claimed
    || CASE WHEN b.document_number GLOB '*[^A-Z0-9]*' THEN '' ELSE ' _d' || substr(b.document_number, 1, 4) END
    || CASE WHEN substr(b.zip, 1, 5) GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 5) WHEN substr(b.zip, 1, 4) GLOB '[0-9][0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 4) WHEN substr(b.zip, 1, 3) GLOB '[0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 3) WHEN substr(b.zip, 1, 2) GLOB '[0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 2) WHEN substr(b.zip, 1, 1) GLOB '[0-9]' THEN ' _z' || substr(b.zip, 1, 1) ELSE '' END
    || CASE WHEN substr(upper(b.address1), 1, 4) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 4), ' ', '_') WHEN substr(upper(b.address1), 1, 3) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 3), ' ', '_') WHEN substr(upper(b.address1), 1, 2) GLOB '[A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 2), ' ', '_') WHEN substr(upper(b.address1), 1, 1) GLOB '[A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 1), ' ', '_') ELSE '' END
  FROM `businesses` b WHERE b.agent_name IS NOT NULL ORDER BY b.id;
--> statement-breakpoint
INSERT INTO `people_fts`(rowid, name)
  SELECT o.business_id * 8 + o.position, replace(replace(replace(replace(replace(o.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(b.city, ''))
    || ' _x' || CASE b.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(b.status) END || '_' || CASE b.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(b.filing_type) END
    || ' _t' || CASE b.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(b.filing_type) END || ' _k' || b.is_claimed
    || CASE WHEN b.document_number GLOB '*[^A-Z0-9]*' THEN '' ELSE ' _d' || substr(b.document_number, 1, 4) END
    || CASE WHEN substr(b.zip, 1, 5) GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 5) WHEN substr(b.zip, 1, 4) GLOB '[0-9][0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 4) WHEN substr(b.zip, 1, 3) GLOB '[0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 3) WHEN substr(b.zip, 1, 2) GLOB '[0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 2) WHEN substr(b.zip, 1, 1) GLOB '[0-9]' THEN ' _z' || substr(b.zip, 1, 1) ELSE '' END
    || CASE WHEN substr(upper(b.address1), 1, 4) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 4), ' ', '_') WHEN substr(upper(b.address1), 1, 3) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 3), ' ', '_') WHEN substr(upper(b.address1), 1, 2) GLOB '[A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 2), ' ', '_') WHEN substr(upper(b.address1), 1, 1) GLOB '[A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 1), ' ', '_') ELSE '' END
  FROM `business_officers` o JOIN `businesses` b ON b.id = o.business_id ORDER BY o.business_id, o.position;
--> statement-breakpoint
INSERT INTO `people_fts`(`people_fts`) VALUES ('optimize');
--> statement-breakpoint
INSERT INTO `people_fts`(`people_fts`, rank) VALUES ('hashsize', 1048576);
--> statement-breakpoint
INSERT INTO `people_fts`(`people_fts`, rank) VALUES ('automerge', 4);
--> statement-breakpoint
CREATE TRIGGER `business_officers_people_ai` AFTER INSERT ON `business_officers` BEGIN
  INSERT INTO `people_fts`(rowid, name)
    SELECT new.business_id * 8 + new.position, replace(replace(replace(replace(replace(new.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(b.city, ''))
    || ' _x' || CASE b.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(b.status) END || '_' || CASE b.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(b.filing_type) END
    || ' _t' || CASE b.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(b.filing_type) END || ' _k' || b.is_claimed
    || CASE WHEN b.document_number GLOB '*[^A-Z0-9]*' THEN '' ELSE ' _d' || substr(b.document_number, 1, 4) END
    || CASE WHEN substr(b.zip, 1, 5) GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 5) WHEN substr(b.zip, 1, 4) GLOB '[0-9][0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 4) WHEN substr(b.zip, 1, 3) GLOB '[0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 3) WHEN substr(b.zip, 1, 2) GLOB '[0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 2) WHEN substr(b.zip, 1, 1) GLOB '[0-9]' THEN ' _z' || substr(b.zip, 1, 1) ELSE '' END
    || CASE WHEN substr(upper(b.address1), 1, 4) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 4), ' ', '_') WHEN substr(upper(b.address1), 1, 3) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 3), ' ', '_') WHEN substr(upper(b.address1), 1, 2) GLOB '[A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 2), ' ', '_') WHEN substr(upper(b.address1), 1, 1) GLOB '[A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 1), ' ', '_') ELSE '' END
    FROM `businesses` b WHERE b.id = new.business_id;
END;
--> statement-breakpoint
CREATE TRIGGER `business_officers_people_au` AFTER UPDATE ON `business_officers` BEGIN
  DELETE FROM `people_fts` WHERE rowid = old.business_id * 8 + old.position;
  INSERT INTO `people_fts`(rowid, name)
    SELECT new.business_id * 8 + new.position, replace(replace(replace(replace(replace(new.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(b.city, ''))
    || ' _x' || CASE b.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(b.status) END || '_' || CASE b.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(b.filing_type) END
    || ' _t' || CASE b.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(b.filing_type) END || ' _k' || b.is_claimed
    || CASE WHEN b.document_number GLOB '*[^A-Z0-9]*' THEN '' ELSE ' _d' || substr(b.document_number, 1, 4) END
    || CASE WHEN substr(b.zip, 1, 5) GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 5) WHEN substr(b.zip, 1, 4) GLOB '[0-9][0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 4) WHEN substr(b.zip, 1, 3) GLOB '[0-9][0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 3) WHEN substr(b.zip, 1, 2) GLOB '[0-9][0-9]' THEN ' _z' || substr(b.zip, 1, 2) WHEN substr(b.zip, 1, 1) GLOB '[0-9]' THEN ' _z' || substr(b.zip, 1, 1) ELSE '' END
    || CASE WHEN substr(upper(b.address1), 1, 4) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 4), ' ', '_') WHEN substr(upper(b.address1), 1, 3) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 3), ' ', '_') WHEN substr(upper(b.address1), 1, 2) GLOB '[A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 2), ' ', '_') WHEN substr(upper(b.address1), 1, 1) GLOB '[A-Z0-9 ]' THEN ' _a' || replace(substr(upper(b.address1), 1, 1), ' ', '_') ELSE '' END
    FROM `businesses` b WHERE b.id = new.business_id;
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_agent_people_ai` AFTER INSERT ON `businesses` WHEN new.agent_name IS NOT NULL BEGIN
  INSERT INTO `people_fts`(rowid, name) VALUES (new.id * 8, replace(replace(replace(replace(replace(new.agent_name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(new.city, ''))
    || ' _x' || CASE new.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(new.status) END || '_' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END
    || ' _t' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END || ' _k' || new.is_claimed
    || CASE WHEN new.document_number GLOB '*[^A-Z0-9]*' THEN '' ELSE ' _d' || substr(new.document_number, 1, 4) END
    || CASE WHEN substr(new.zip, 1, 5) GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 5) WHEN substr(new.zip, 1, 4) GLOB '[0-9][0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 4) WHEN substr(new.zip, 1, 3) GLOB '[0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 3) WHEN substr(new.zip, 1, 2) GLOB '[0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 2) WHEN substr(new.zip, 1, 1) GLOB '[0-9]' THEN ' _z' || substr(new.zip, 1, 1) ELSE '' END
    || CASE WHEN substr(upper(new.address1), 1, 4) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 4), ' ', '_') WHEN substr(upper(new.address1), 1, 3) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 3), ' ', '_') WHEN substr(upper(new.address1), 1, 2) GLOB '[A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 2), ' ', '_') WHEN substr(upper(new.address1), 1, 1) GLOB '[A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 1), ' ', '_') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_agent_people_au` AFTER UPDATE OF agent_name, city, status, filing_type, is_claimed, document_number, zip, address1 ON `businesses`
  WHEN old.agent_name IS NOT new.agent_name OR old.city IS NOT new.city OR old.status IS NOT new.status
    OR old.filing_type IS NOT new.filing_type OR old.is_claimed IS NOT new.is_claimed
    OR old.document_number IS NOT new.document_number OR old.zip IS NOT new.zip OR old.address1 IS NOT new.address1
BEGIN
  DELETE FROM `people_fts` WHERE rowid = old.id * 8;
  INSERT INTO `people_fts`(rowid, name) SELECT new.id * 8, replace(replace(replace(replace(replace(new.agent_name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(new.city, ''))
    || ' _x' || CASE new.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(new.status) END || '_' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END
    || ' _t' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END || ' _k' || new.is_claimed
    || CASE WHEN new.document_number GLOB '*[^A-Z0-9]*' THEN '' ELSE ' _d' || substr(new.document_number, 1, 4) END
    || CASE WHEN substr(new.zip, 1, 5) GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 5) WHEN substr(new.zip, 1, 4) GLOB '[0-9][0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 4) WHEN substr(new.zip, 1, 3) GLOB '[0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 3) WHEN substr(new.zip, 1, 2) GLOB '[0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 2) WHEN substr(new.zip, 1, 1) GLOB '[0-9]' THEN ' _z' || substr(new.zip, 1, 1) ELSE '' END
    || CASE WHEN substr(upper(new.address1), 1, 4) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 4), ' ', '_') WHEN substr(upper(new.address1), 1, 3) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 3), ' ', '_') WHEN substr(upper(new.address1), 1, 2) GLOB '[A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 2), ' ', '_') WHEN substr(upper(new.address1), 1, 1) GLOB '[A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 1), ' ', '_') ELSE '' END WHERE new.agent_name IS NOT NULL;
  DELETE FROM `people_fts` WHERE rowid IN (SELECT new.id * 8 + o.position FROM `business_officers` o WHERE o.business_id = new.id);
  INSERT INTO `people_fts`(rowid, name)
    SELECT new.id * 8 + o.position, replace(replace(replace(replace(replace(o.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(new.city, ''))
    || ' _x' || CASE new.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(new.status) END || '_' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END
    || ' _t' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END || ' _k' || new.is_claimed
    || CASE WHEN new.document_number GLOB '*[^A-Z0-9]*' THEN '' ELSE ' _d' || substr(new.document_number, 1, 4) END
    || CASE WHEN substr(new.zip, 1, 5) GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 5) WHEN substr(new.zip, 1, 4) GLOB '[0-9][0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 4) WHEN substr(new.zip, 1, 3) GLOB '[0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 3) WHEN substr(new.zip, 1, 2) GLOB '[0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 2) WHEN substr(new.zip, 1, 1) GLOB '[0-9]' THEN ' _z' || substr(new.zip, 1, 1) ELSE '' END
    || CASE WHEN substr(upper(new.address1), 1, 4) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 4), ' ', '_') WHEN substr(upper(new.address1), 1, 3) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 3), ' ', '_') WHEN substr(upper(new.address1), 1, 2) GLOB '[A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 2), ' ', '_') WHEN substr(upper(new.address1), 1, 1) GLOB '[A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 1), ' ', '_') ELSE '' END
    FROM `business_officers` o WHERE o.business_id = new.id ORDER BY o.position;
END;
