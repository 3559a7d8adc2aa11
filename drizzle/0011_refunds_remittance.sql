CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`stripe_refund_id` text,
	`requested_by` integer,
	`succeeded_at` integer,
	`remittance_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`remittance_id`) REFERENCES `remittances`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_stripe_refund_id_unique` ON `refunds` (`stripe_refund_id`);--> statement-breakpoint
CREATE INDEX `refunds_payment_idx` ON `refunds` (`payment_id`);--> statement-breakpoint
CREATE INDEX `refunds_remittance_idx` ON `refunds` (`remittance_id`,`succeeded_at`);--> statement-breakpoint
CREATE TABLE `remittances` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`period_from` text NOT NULL,
	`period_to` text NOT NULL,
	`remitted_on` text NOT NULL,
	`reference` text NOT NULL,
	`closed_by` integer,
	`payment_count` integer NOT NULL,
	`refund_count` integer NOT NULL,
	`gross_cents` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`refund_cents` integer NOT NULL,
	`net_cents` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
DROP INDEX `payments_business_tax_year_receipt_unique`;--> statement-breakpoint
ALTER TABLE `payments` ADD `method` text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `check_number` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `recorded_by` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `stripe_charge_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `fee_cents` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `remittance_id` integer REFERENCES remittances(id);--> statement-breakpoint
CREATE INDEX `payments_remittance_idx` ON `payments` (`remittance_id`,`paid_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_business_tax_year_receipt_unique` ON `payments` (`business_id`,`tax_year`) WHERE "payments"."receipt_number" is not null and "payments"."refunded_cents" < "payments"."amount";--> statement-breakpoint
CREATE TRIGGER `remittances_no_update` BEFORE UPDATE ON `remittances` BEGIN SELECT RAISE(ABORT, 'remittances are closed for good: record an adjustment in the next period'); END;--> statement-breakpoint
CREATE TRIGGER `remittances_no_delete` BEFORE DELETE ON `remittances` BEGIN SELECT RAISE(ABORT, 'remittances are closed for good: record an adjustment in the next period'); END;--> statement-breakpoint
CREATE TRIGGER `payments_remitted_frozen` BEFORE UPDATE OF `remittance_id`, `amount`, `fee_cents`, `paid_at` ON `payments` WHEN OLD.`remittance_id` IS NOT NULL BEGIN SELECT RAISE(ABORT, 'a remitted payment cannot change: record an adjustment in the next period'); END;--> statement-breakpoint
CREATE TRIGGER `refunds_remitted_frozen` BEFORE UPDATE ON `refunds` WHEN OLD.`remittance_id` IS NOT NULL BEGIN SELECT RAISE(ABORT, 'a remitted refund cannot change'); END;
