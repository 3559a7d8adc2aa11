CREATE TABLE `filing_answers` (
	`filing_id` integer NOT NULL,
	`field` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`filing_id`, `field`),
	FOREIGN KEY (`filing_id`) REFERENCES `filings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `filing_categories` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`needs_state_license` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `filing_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`filing_id` integer NOT NULL,
	`document_type` text NOT NULL,
	`storage_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`filing_id`) REFERENCES `filings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `filing_documents_type_unique` ON `filing_documents` (`filing_id`,`document_type`);--> statement-breakpoint
CREATE TABLE `filing_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`filing_id` integer NOT NULL,
	`action` text NOT NULL,
	`actor_id` integer,
	`message` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`filing_id`) REFERENCES `filings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `filing_events_filing_idx` ON `filing_events` (`filing_id`,`id`);--> statement-breakpoint
CREATE TABLE `filings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`applicant_id` integer,
	`business_id` integer,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`decision_message` text,
	`submitted_at` integer,
	`decided_at` integer,
	`updated_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`applicant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `filings_status_idx` ON `filings` (`status`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `filings_applicant_idx` ON `filings` (`applicant_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `filings_business_idx` ON `filings` (`business_id`);--> statement-breakpoint
ALTER TABLE `businesses` ADD `origin` text DEFAULT 'state' NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `closed_on` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `business_address` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `filing_id` integer;--> statement-breakpoint
-- A starting list of the town's activities; an administrator edits it on /admin/filings/categories.
INSERT INTO `filing_categories` (`code`, `name`, `needs_state_license`) VALUES
  ('retail', 'Retail store', 0),
  ('restaurant', 'Restaurant or food service', 0),
  ('office', 'Professional office', 0),
  ('personal-services', 'Personal services', 0),
  ('home-occupation', 'Home occupation', 0),
  ('contractor', 'Contractor', 1),
  ('cosmetology', 'Cosmetology or barber', 1),
  ('health-care', 'Health care practitioner', 1),
  ('warehouse', 'Warehouse or distribution', 0),
  ('auto-repair', 'Automotive repair', 0),
  ('other', 'Other', 0);
