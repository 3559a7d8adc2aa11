-- The state's registry file (cordata), kept whole: see README "Registry import" and
-- app/services/registry-import.server.ts. New registry columns on businesses (the product's own
-- columns are never written by an import), officers and annual reports (keyed by business and
-- the block they came from, WITHOUT ROWID: the key is the only index they need), the record of
-- imports, and a full-text index of people (officers and registered agents) for `person=`.
CREATE TABLE `business_annual_reports` (
	`business_id` integer NOT NULL,
	`position` integer NOT NULL,
	`year` integer,
	`flag` text,
	`filed_on` text,
	PRIMARY KEY(`business_id`, `position`),
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `business_officers` (
	`business_id` integer NOT NULL,
	`position` integer NOT NULL,
	`title` text,
	`type` text,
	`name` text NOT NULL,
	`address` text,
	`city` text,
	`state` text,
	`zip` text,
	PRIMARY KEY(`business_id`, `position`),
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `registry_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_name` text NOT NULL,
	`sha256` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer NOT NULL,
	`summary` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `registry_imports_sha_idx` ON `registry_imports` (`sha256`);--> statement-breakpoint
CREATE INDEX `registry_imports_finished_idx` ON `registry_imports` (`finished_at`);--> statement-breakpoint
ALTER TABLE `businesses` ADD `state_status` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `state_filing_type` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `country` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `mail_address1` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `mail_address2` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `mail_city` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `mail_state` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `mail_zip` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `mail_country` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `fei` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `more_officers` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `last_transaction_on` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `formation_state` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `agent_name` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `agent_type` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `agent_address` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `agent_city` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `agent_state` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `agent_zip` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `registry_hash` text;--> statement-breakpoint
CREATE INDEX `businesses_zip_idx` ON `businesses` (`zip`);--> statement-breakpoint
CREATE INDEX `businesses_fei_idx` ON `businesses` (`fei`);--> statement-breakpoint
CREATE INDEX `businesses_address_idx` ON `businesses` (upper("address1"));
--> statement-breakpoint
-- People: one row per registered agent (rowid = business id * 8) and officer (rowid = business
-- id * 8 + block 1..6), so a match names its business (rowid >> 3) and its person. Same
-- tokenizer and normalisation as businesses_fts (0001/0002); maintained by the triggers below.
CREATE VIRTUAL TABLE `people_fts` USING fts5(
  name,
  content='',
  contentless_delete=1,
  detail=none,
  tokenize="unicode61 remove_diacritics 2",
  prefix='1 2 3 4 5 6'
);
--> statement-breakpoint
CREATE TRIGGER `business_officers_people_ai` AFTER INSERT ON `business_officers` BEGIN
  INSERT INTO `people_fts`(rowid, name) VALUES (new.business_id * 8 + new.position, replace(replace(replace(replace(new.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `business_officers_people_ad` AFTER DELETE ON `business_officers` BEGIN
  DELETE FROM `people_fts` WHERE rowid = old.business_id * 8 + old.position;
END;
--> statement-breakpoint
CREATE TRIGGER `business_officers_people_au` AFTER UPDATE ON `business_officers` BEGIN
  DELETE FROM `people_fts` WHERE rowid = old.business_id * 8 + old.position;
  INSERT INTO `people_fts`(rowid, name) VALUES (new.business_id * 8 + new.position, replace(replace(replace(replace(new.name, '''', ''), '’', ''), 'ʼ', ''), '.', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_agent_people_ai` AFTER INSERT ON `businesses` WHEN new.agent_name IS NOT NULL BEGIN
  INSERT INTO `people_fts`(rowid, name) VALUES (new.id * 8, replace(replace(replace(replace(new.agent_name, '''', ''), '’', ''), 'ʼ', ''), '.', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_agent_people_au` AFTER UPDATE OF agent_name ON `businesses` BEGIN
  DELETE FROM `people_fts` WHERE rowid = old.id * 8;
  INSERT INTO `people_fts`(rowid, name) SELECT new.id * 8, replace(replace(replace(replace(new.agent_name, '''', ''), '’', ''), 'ʼ', ''), '.', '') WHERE new.agent_name IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_agent_people_ad` AFTER DELETE ON `businesses` BEGIN
  DELETE FROM `people_fts` WHERE rowid = old.id * 8;
END;
