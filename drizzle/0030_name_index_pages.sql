-- Issue 44: the name index's leaves of 1,000 bytes instead of FTS5's 4,050. A search of a common
-- prefix within few businesses ("c" in the town: 4.3 million entries against the town's 7,800 at
-- 10.3M businesses) looks each of the few up in the long list, and each look-up reads its leaf
-- from the start: 14.5 -> 10.8 ms for that intersection. Four such leaves fill a 4 KB page (the
-- index is 2% larger, 1.7 bytes a business); 500 bytes took 17% more room for 8.2 ms. people_fts
-- keeps 4,050: its searches intersect long lists with long lists, measured no faster.
-- Takes effect for the segments written from now on: the registry's next full load rewrites all.
INSERT INTO `businesses_fts`(`businesses_fts`, rank) VALUES ('pgsz', 1000);
