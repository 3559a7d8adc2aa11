-- IF NOT EXISTS: this migration first shipped with a journal date before 0021's, which the
-- migrator skips on a database already at 0021; re-dated, it runs there and is harmless where it ran.
CREATE TABLE IF NOT EXISTS `registry_import_progress` (
	`sha256` text PRIMARY KEY NOT NULL,
	`file_name` text NOT NULL,
	`started_at` integer NOT NULL,
	`line` integer NOT NULL,
	`counts` text NOT NULL,
	`updated_at` integer NOT NULL
);
