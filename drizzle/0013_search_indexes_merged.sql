-- Issue 20 (and 19: every index costs import time): one B-tree index fewer over `businesses`,
-- answering the same searches.
-- * businesses_city_name_idx (city, name, zip: the town's listing) and
--   businesses_city_name_filters_idx (city, name, status, filing_type, is_claimed: listings
--   with filters) become one index: (city, name, zip, status, filing_type, is_claimed) covers
--   both, in the same city-then-name order, and a listing with filters in a town (city names
--   AND ZIPs) then reads no table row it throws away. Measured at 3.5M rows: (city, name, zip)
--   5.3 CPU-s and (city, name, status, filing_type, is_claimed) 6.1 CPU-s to build, the merged
--   one 6.7 CPU-s.
-- (businesses_name_key_idx stays, though businesses_name_key_filters_idx starts with the same key:
-- only it gives the (name key, id) order of an unfiltered name's tiers 1 and 2 without a sort.)
DROP INDEX IF EXISTS `businesses_city_name_filters_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `businesses_city_name_idx`;
--> statement-breakpoint
CREATE INDEX `businesses_city_name_idx` ON `businesses` (`city`,`name`,`zip`,`status`,`filing_type`,`is_claimed`);
