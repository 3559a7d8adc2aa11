-- The businesses whose status, filing type, claimed flag or document number's first character
-- changed, in the order they changed, whichever process or connection changed them: each server
-- process keeps those values of every business in memory for the search (app/models/search/tag-store.server.ts) and reads here
-- what it has not seen yet. business_id 0 stands for every business (a registry loaded again).
-- Only the latest entries are kept (the importer trims the table); a process that finds its last
-- seen entry gone reads them again whole.
CREATE TABLE `business_tag_changes` (
  `seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `business_id` integer NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `businesses_tags_ai` AFTER INSERT ON `businesses` BEGIN
  INSERT INTO `business_tag_changes` (`business_id`) VALUES (new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_tags_au` AFTER UPDATE OF `id`, `status`, `filing_type`, `is_claimed`, `document_number` ON `businesses`
  WHEN old.`id` IS NOT new.`id` OR old.`status` IS NOT new.`status` OR old.`filing_type` IS NOT new.`filing_type`
    OR old.`is_claimed` IS NOT new.`is_claimed` OR substr(old.`document_number`, 1, 1) IS NOT substr(new.`document_number`, 1, 1)
BEGIN
  INSERT INTO `business_tag_changes` (`business_id`) VALUES (old.`id`);
  INSERT INTO `business_tag_changes` (`business_id`) SELECT new.`id` WHERE new.`id` IS NOT old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_tags_ad` AFTER DELETE ON `businesses` BEGIN
  INSERT INTO `business_tag_changes` (`business_id`) VALUES (old.`id`);
END;
--> statement-breakpoint
INSERT INTO `business_tag_changes` (`business_id`) VALUES (0);
