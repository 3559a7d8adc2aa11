-- Issue 44 (decision 0032): the registry's frequent registered agents, each held in people_fts as
-- one token (`_p<code>`) instead of its name's words (app/models/search/frequent-agents.server.ts).
-- * frequent_agents: chosen by a full load (the importer) before it indexes any person; empty
--   until then, so the documents below are the names, as before, until the next full load.
-- * The agent's document: its token when it is frequent, else its name; the business's tags either
--   way (app/lib/search-tags.ts, agentDocumentSql; keep the expressions below in step with it).
-- * The search's copy of each business's values (drizzle/0029) hears of an agent's change too.
CREATE TABLE `frequent_agents` (
  `code` integer PRIMARY KEY NOT NULL,
  `name` text NOT NULL UNIQUE
);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `businesses_agent_people_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `businesses_agent_people_au`;
--> statement-breakpoint
CREATE TRIGGER `businesses_agent_people_ai` AFTER INSERT ON `businesses` WHEN new.agent_name IS NOT NULL BEGIN
  INSERT INTO `people_fts`(rowid, name) VALUES (new.id * 8, coalesce((SELECT '_p' || f.code FROM frequent_agents f WHERE f.name = new.agent_name), replace(replace(replace(replace(replace(new.agent_name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' '))
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
  INSERT INTO `people_fts`(rowid, name) SELECT new.id * 8, coalesce((SELECT '_p' || f.code FROM frequent_agents f WHERE f.name = new.agent_name), replace(replace(replace(replace(replace(new.agent_name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' '))
    || ' _c' || hex(coalesce(new.city, ''))
    || ' _x' || CASE new.status WHEN 'ACTIVE' THEN 'g' WHEN 'INACTIVE' THEN 'h' WHEN 'PENDING' THEN 'i' WHEN 'DISSOLVED' THEN 'j' WHEN 'REVOKED' THEN 'k' WHEN 'WITHDRAWN' THEN 'm' ELSE hex(new.status) END || '_' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END
    || ' _t' || CASE new.filing_type WHEN 'LLC' THEN 'g' WHEN 'CORP' THEN 'h' WHEN 'FIC' THEN 'i' WHEN 'LP' THEN 'j' WHEN 'TRUST' THEN 'k' WHEN 'LLLP' THEN 'm' WHEN 'ABN' THEN 'n' WHEN 'LIC' THEN 'p' WHEN 'FICA' THEN 'q' ELSE hex(new.filing_type) END || ' _k' || new.is_claimed
    || CASE WHEN new.document_number GLOB '*[^A-Z0-9]*' THEN '' ELSE ' _d' || substr(new.document_number, 1, 4) END
    || CASE WHEN substr(new.zip, 1, 5) GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 5) WHEN substr(new.zip, 1, 4) GLOB '[0-9][0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 4) WHEN substr(new.zip, 1, 3) GLOB '[0-9][0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 3) WHEN substr(new.zip, 1, 2) GLOB '[0-9][0-9]' THEN ' _z' || substr(new.zip, 1, 2) WHEN substr(new.zip, 1, 1) GLOB '[0-9]' THEN ' _z' || substr(new.zip, 1, 1) ELSE '' END
    || CASE WHEN substr(upper(new.address1), 1, 4) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 4), ' ', '_') WHEN substr(upper(new.address1), 1, 3) GLOB '[A-Z0-9 ][A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 3), ' ', '_') WHEN substr(upper(new.address1), 1, 2) GLOB '[A-Z0-9 ][A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 2), ' ', '_') WHEN substr(upper(new.address1), 1, 1) GLOB '[A-Z0-9 ]' THEN ' _a' || replace(substr(upper(new.address1), 1, 1), ' ', '_') ELSE '' END
    WHERE new.agent_name IS NOT NULL;
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
--> statement-breakpoint
DROP TRIGGER IF EXISTS `businesses_tags_au`;
--> statement-breakpoint
CREATE TRIGGER `businesses_tags_au` AFTER UPDATE OF `id`, `status`, `filing_type`, `is_claimed`, `document_number`, `agent_name` ON `businesses`
  WHEN old.`id` IS NOT new.`id` OR old.`status` IS NOT new.`status` OR old.`filing_type` IS NOT new.`filing_type`
    OR old.`is_claimed` IS NOT new.`is_claimed` OR substr(old.`document_number`, 1, 1) IS NOT substr(new.`document_number`, 1, 1)
    OR old.`agent_name` IS NOT new.`agent_name`
BEGIN
  INSERT INTO `business_tag_changes` (`business_id`) VALUES (old.`id`);
  INSERT INTO `business_tag_changes` (`business_id`) SELECT new.`id` WHERE new.`id` IS NOT old.`id`;
END;
