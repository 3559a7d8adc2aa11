-- Full-text index of business names. unicode61 folds case and strips accents; punctuation
-- separates tokens. Prefix indexes make "gulf log" style prefix queries cheap.
CREATE VIRTUAL TABLE `businesses_fts` USING fts5(
  name,
  content='businesses',
  content_rowid='id',
  tokenize="unicode61 remove_diacritics 2",
  prefix='1 2 3'
);
--> statement-breakpoint
INSERT INTO `businesses_fts`(rowid, name) SELECT id, name FROM `businesses`;
--> statement-breakpoint
CREATE TRIGGER `businesses_fts_ai` AFTER INSERT ON `businesses` BEGIN
  INSERT INTO `businesses_fts`(rowid, name) VALUES (new.id, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_fts_ad` AFTER DELETE ON `businesses` BEGIN
  INSERT INTO `businesses_fts`(`businesses_fts`, rowid, name) VALUES ('delete', old.id, old.name);
END;
--> statement-breakpoint
CREATE TRIGGER `businesses_fts_au` AFTER UPDATE OF name ON `businesses` BEGIN
  INSERT INTO `businesses_fts`(`businesses_fts`, rowid, name) VALUES ('delete', old.id, old.name);
  INSERT INTO `businesses_fts`(rowid, name) VALUES (new.id, new.name);
END;
