-- Issue 19 (person searches at full size) and 20 (every search shape from an index): an officer's
-- or agent's name with a city, status, type or claimed filter is answered by one intersection
-- inside people_fts, as a business name's is inside businesses_fts (drizzle/0009, 0013). Before,
-- the person's matches were checked row by row against the filters: "ANDERSON" with INACTIVE
-- and CORP at 3.5M businesses read ~40,000 businesses, up to a second.
-- * people_fts documents carry the business's filter tags after the person's name (the same tags
--   and codes as businesses_fts: app/lib/search-tags.ts, peopleDocumentSql; keep the expressions
--   below in step with it). '_' becomes a token character, so a tag is one token; a name's own
--   '_' is a space, as in businesses_fts.
-- * The triggers write the tags with the person, and write a business's people again when its
--   city, status, type or claimed flag changes (besides its agent, as before).
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
  FROM `businesses` b WHERE b.agent_name IS NOT NULL ORDER BY b.id;
--> statement-breakpoint
INSERT INTO `people_fts`(rowid, name)
  SELECT o.business_id * 8 + o.position, replace(replace(replace(replace(replace(o.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(b.city, ''))
    || ' _x' || CASE b.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(b.status) END || '_' || CASE b.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(b.filing_type) END
    || ' _t' || CASE b.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(b.filing_type) END || ' _k' || b.is_claimed
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
    FROM `businesses` b WHERE b.id = new.business_id;
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_agent_people_ai` AFTER INSERT ON `businesses` WHEN new.agent_name IS NOT NULL BEGIN
  INSERT INTO `people_fts`(rowid, name) VALUES (new.id * 8, replace(replace(replace(replace(replace(new.agent_name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(new.city, ''))
    || ' _x' || CASE new.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(new.status) END || '_' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END
    || ' _t' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END || ' _k' || new.is_claimed);
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_agent_people_au` AFTER UPDATE OF agent_name, city, status, filing_type, is_claimed ON `businesses`
  WHEN old.agent_name IS NOT new.agent_name OR old.city IS NOT new.city OR old.status IS NOT new.status
    OR old.filing_type IS NOT new.filing_type OR old.is_claimed IS NOT new.is_claimed
BEGIN
  DELETE FROM `people_fts` WHERE rowid = old.id * 8;
  INSERT INTO `people_fts`(rowid, name) SELECT new.id * 8, replace(replace(replace(replace(replace(new.agent_name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(new.city, ''))
    || ' _x' || CASE new.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(new.status) END || '_' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END
    || ' _t' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END || ' _k' || new.is_claimed WHERE new.agent_name IS NOT NULL;
  DELETE FROM `people_fts` WHERE rowid IN (SELECT new.id * 8 + o.position FROM `business_officers` o WHERE o.business_id = new.id);
  INSERT INTO `people_fts`(rowid, name)
    SELECT new.id * 8 + o.position, replace(replace(replace(replace(replace(o.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
    || ' _c' || hex(coalesce(new.city, ''))
    || ' _x' || CASE new.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(new.status) END || '_' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END
    || ' _t' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END || ' _k' || new.is_claimed
    FROM `business_officers` o WHERE o.business_id = new.id ORDER BY o.position;
END;
