DROP INDEX `businesses_city_name_idx`;--> statement-breakpoint
CREATE INDEX `businesses_city_name_idx` ON `businesses` (`city`,`name`,`zip`);