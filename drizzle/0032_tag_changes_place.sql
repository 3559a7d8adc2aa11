-- Issue 44: the search's copy of each business's values (drizzle/0029, app/models/search/tag-store.server.ts)
-- holds its place too (its ZIP's leading digits, its street address's first characters), so a
-- business whose ZIP or street changes is written to the change log.
DROP TRIGGER IF EXISTS `businesses_tags_au`;
--> statement-breakpoint
CREATE TRIGGER `businesses_tags_au` AFTER UPDATE OF `id`, `status`, `filing_type`, `is_claimed`, `document_number`, `agent_name`, `zip`, `address1` ON `businesses`
  WHEN old.`id` IS NOT new.`id` OR old.`status` IS NOT new.`status` OR old.`filing_type` IS NOT new.`filing_type`
    OR old.`is_claimed` IS NOT new.`is_claimed` OR substr(old.`document_number`, 1, 1) IS NOT substr(new.`document_number`, 1, 1)
    OR old.`agent_name` IS NOT new.`agent_name` OR old.`zip` IS NOT new.`zip`
    OR substr(upper(old.`address1`), 1, 2) IS NOT substr(upper(new.`address1`), 1, 2)
BEGIN
  INSERT INTO `business_tag_changes` (`business_id`) VALUES (old.`id`);
  INSERT INTO `business_tag_changes` (`business_id`) SELECT new.`id` WHERE new.`id` IS NOT old.`id`;
END;
