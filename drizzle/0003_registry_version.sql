-- A counter that moves whenever any business row changes, whichever process or connection
-- changes it. Search results and anonymous pages are cached under it
-- (app/models/registry-version.server.ts): a cached answer is used only while the counter
-- still holds the value it was computed at.
CREATE TABLE `registry_version` (
  `id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
  `version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `registry_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `businesses_version_ai` AFTER INSERT ON `businesses` BEGIN
  UPDATE `registry_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_version_au` AFTER UPDATE ON `businesses` BEGIN
  UPDATE `registry_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_version_ad` AFTER DELETE ON `businesses` BEGIN
  UPDATE `registry_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
