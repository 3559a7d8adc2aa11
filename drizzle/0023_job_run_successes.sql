ALTER TABLE `job_runs` ADD `last_succeeded_at` integer;--> statement-breakpoint
ALTER TABLE `job_runs` ADD `failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A job whose last run went well succeeded then.
UPDATE `job_runs` SET `last_succeeded_at` = `last_finished_at` WHERE `last_error` IS NULL AND `last_finished_at` IS NOT NULL;
