-- Issue 20 (every search shape from an index): a listing by document number with a filing type
-- walks the numbers of that type alone, in number order, reading no row (the filter columns
-- follow). The number's own index (0015) walked the whole prefix when the type has few of its
-- numbers: "L" with CORP read 1.6M entries for no match, 120 ms at 3.5M businesses (a seek now).
CREATE INDEX `businesses_type_document_idx` ON `businesses` (`filing_type`,`document_number`,`status`,`is_claimed`,`city`,`zip`);
