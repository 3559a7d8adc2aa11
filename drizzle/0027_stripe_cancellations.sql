CREATE TABLE `stripe_cancellations` (
	`subscription_id` text PRIMARY KEY NOT NULL,
	`business_id` integer,
	`reason` text NOT NULL,
	`requested_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_attempt_at` integer,
	`last_error` text,
	`done_at` integer,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stripe_cancellations_pending_idx` ON `stripe_cancellations` (`done_at`,`requested_at`);