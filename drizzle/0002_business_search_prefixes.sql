-- The full-text index, rebuilt for speed at the size of the state registry (3.5M names):
-- * detail=none: the index keeps which rows hold a word, not where. Search only asks "does the
--   name hold words starting with ..." (word order and the start of the name are answered by
--   businesses_name_key_idx), so positions were dead weight: the index is a quarter smaller.
-- * prefix indexes for 1 to 12 characters: a prefix query ("insu"*) reads one precomputed list
--   lazily, in rowid order, and stops at LIMIT; without one FTS5 must merge every word starting
--   with it into a list in memory first (the multi-word queries were 5-20 ms at 3.5M rows).
--   Longer words still work, through that merge.
-- Tokenizer, normalisation and triggers are unchanged (see 0001); the index is refilled here.
DROP TABLE `businesses_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `businesses_fts` USING fts5(
  name,
  content='',
  contentless_delete=1,
  detail=none,
  tokenize="unicode61 remove_diacritics 2",
  prefix='1 2 3 4 5 6 7 8 9 10 11 12'
);
--> statement-breakpoint
INSERT INTO `businesses_fts`(rowid, name)
  SELECT id, replace(replace(replace(replace(name, '''', ''), '’', ''), 'ʼ', ''), '.', '') FROM `businesses`;
