-- Issue 21: receipts per business per fiscal year (F.S. 205.053). Each payment keeps its row and
-- gains the fiscal year as the year it ends (tax_year), its tax/penalty split (all of it tax
-- before penalties existed), its date paid, and a receipt number unique in the town
-- ("2027-000123"); the first payment per business and year holds the receipt. The permanent
-- has_paid_btr flag is replaced by "holds a receipt for the current fiscal year", derived;
-- a business flagged paid without any payment row keeps a zero-amount legacy receipt for the
-- fiscal year of the migration, so no standing is lost.
CREATE TABLE `fee_schedules` (
	`fiscal_year` integer PRIMARY KEY NOT NULL,
	`base_cents` integer NOT NULL,
	`per_employee_cents` integer NOT NULL,
	`per_vehicle_cents` integer NOT NULL,
	`first_month_penalty_percent` integer NOT NULL,
	`further_month_penalty_percent` integer NOT NULL,
	`penalty_cap_percent` integer NOT NULL,
	`never_receipted_penalty_applies` integer NOT NULL,
	`never_receipted_penalty_percent` integer NOT NULL,
	`renewal_opens` text NOT NULL,
	`due_day` text NOT NULL,
	`renewal_charge` text NOT NULL,
	`updated_by` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `__new_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`business_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`description` text NOT NULL,
	`stripe_payment_id` text NOT NULL,
	`receipt_url` text,
	`kind` text DEFAULT 'btr' NOT NULL,
	`fiscal_year` text NOT NULL,
	`tax_year` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`penalty_cents` integer DEFAULT 0 NOT NULL,
	`receipt_number` text,
	`breakdown` text,
	`paid_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_payments` (`id`, `user_id`, `business_id`, `amount`, `currency`, `description`, `stripe_payment_id`, `receipt_url`, `kind`, `fiscal_year`, `tax_year`, `tax_cents`, `penalty_cents`, `paid_at`, `created_at`)
SELECT `id`, `user_id`, `business_id`, `amount`, `currency`, `description`, `stripe_payment_id`, `receipt_url`, `kind`, `fiscal_year`,
	CAST(substr(`fiscal_year`, 6, 4) AS INTEGER), `amount`, 0, `created_at`, `created_at`
FROM `payments`;
--> statement-breakpoint
INSERT INTO `__new_payments` (`user_id`, `business_id`, `amount`, `description`, `stripe_payment_id`, `receipt_url`, `kind`, `fiscal_year`, `tax_year`, `tax_cents`, `penalty_cents`, `paid_at`)
SELECT b.`owner_id`, b.`id`, 0, 'Business Tax Receipt (recorded as paid before receipts were kept)', 'legacy-btr-' || b.`id`, NULL, 'legacy',
	(y.fy - 1) || '-' || y.fy, y.fy, 0, 0, cast(unixepoch('subsec') * 1000 as integer)
FROM `businesses` b,
	(SELECT CAST(strftime('%Y', 'now') AS INTEGER) + (CASE WHEN CAST(strftime('%m', 'now') AS INTEGER) >= 10 THEN 1 ELSE 0 END) AS fy) y
WHERE b.`has_paid_btr` = 1 AND NOT EXISTS (SELECT 1 FROM `payments` p WHERE p.`business_id` = b.`id`);
--> statement-breakpoint
UPDATE `__new_payments` SET `receipt_number` = r.num
FROM (
	SELECT p.`id` AS id, printf('%d-%06d', p.`tax_year`, ROW_NUMBER() OVER (PARTITION BY p.`tax_year` ORDER BY p.`created_at`, p.`id`)) AS num
	FROM `__new_payments` p
	WHERE NOT EXISTS (
		SELECT 1 FROM `__new_payments` q
		WHERE q.`business_id` = p.`business_id` AND q.`tax_year` = p.`tax_year`
			AND (q.`created_at` < p.`created_at` OR (q.`created_at` = p.`created_at` AND q.`id` < p.`id`))
	)
) r
WHERE r.id = `__new_payments`.`id`;
--> statement-breakpoint
DROP TABLE `payments`;
--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_payment_id_unique` ON `payments` (`stripe_payment_id`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`);--> statement-breakpoint
CREATE INDEX `payments_business_idx` ON `payments` (`business_id`);--> statement-breakpoint
CREATE INDEX `payments_created_idx` ON `payments` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_receipt_number_unique` ON `payments` (`receipt_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_business_tax_year_receipt_unique` ON `payments` (`business_id`,`tax_year`) WHERE `receipt_number` is not null;--> statement-breakpoint
CREATE INDEX `payments_tax_year_idx` ON `payments` (`tax_year`);--> statement-breakpoint
ALTER TABLE `businesses` DROP COLUMN `has_paid_btr`;
--> statement-breakpoint
-- Search cards show "paid" from receipts now: a receipt bought or changed moves the registry's
-- change counter (drizzle/0003) like a business change does, so no remembered answer is stale.
CREATE TRIGGER `payments_version_ai` AFTER INSERT ON `payments` BEGIN
  UPDATE `registry_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `payments_version_au` AFTER UPDATE ON `payments` BEGIN
  UPDATE `registry_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `payments_version_ad` AFTER DELETE ON `payments` BEGIN
  UPDATE `registry_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
