CREATE TABLE `registry_import_progress` (
	`sha256` text PRIMARY KEY NOT NULL,
	`file_name` text NOT NULL,
	`started_at` integer NOT NULL,
	`line` integer NOT NULL,
	`counts` text NOT NULL,
	`updated_at` integer NOT NULL
);
