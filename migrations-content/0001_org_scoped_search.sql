-- Organisation-scoped title search (issue 17: one organisation's searched page must not grow with
-- its neighbours). The FTS5 trigram indexes of 0002 were keyed by the table's rowid, so a search
-- built its match set from every organisation in the database before the page kept its own rows.
-- Each index row is now keyed by the organisation's slot (the first four characters of its id,
-- read as hex digits: 0 to 65,535) times 2^36, plus the table's rowid. Every organisation's
-- entries form one rowid range, and a search reads only that range (FTS5 seeks its doclists to
-- the range's start). Two organisations that share a slot share a range: their searches read
-- each other's entries, and the page's own organisation filter still keeps the right rows, so a
-- shared slot costs time, never correctness. The row's rowid is the key modulo 2^36 (rowids stay
-- below 2^36, 68 billion inserts per database); keys stay below 2^52, exact in JavaScript.
-- The indexes are contentless now: their rowids no longer name a table row, so nothing may read
-- text through them (the text stays in the table; only rowids are ever selected).
-- The triggers are those of migrations/0002 (migrations-content/0000) with only the index
-- statements changed. This file is both migrations/0011 and migrations-content/0001, so the two
-- schemas stay identical.
DROP TABLE `channel_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `channel_search` USING fts5(title, handle, content='', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `channel_search` (rowid, `title`, `handle`) SELECT (instr('123456789abcdef', substr(t.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(t.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(t.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(t.`organization_id`, 4, 1))) * 68719476736 + t.rowid, t.`title`, t.`handle` FROM `channels` t;
--> statement-breakpoint
DROP TABLE `video_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `video_search` USING fts5(title, content='', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `video_search` (rowid, `title`) SELECT (instr('123456789abcdef', substr(t.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(t.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(t.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(t.`organization_id`, 4, 1))) * 68719476736 + t.rowid, t.`title` FROM `videos` t;
--> statement-breakpoint
DROP TABLE `show_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `show_search` USING fts5(title, content='', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `show_search` (rowid, `title`) SELECT (instr('123456789abcdef', substr(t.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(t.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(t.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(t.`organization_id`, 4, 1))) * 68719476736 + t.rowid, t.`title` FROM `shows` t;
--> statement-breakpoint
DROP TABLE `episode_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `episode_search` USING fts5(title, content='', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `episode_search` (rowid, `title`) SELECT (instr('123456789abcdef', substr(t.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(t.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(t.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(t.`organization_id`, 4, 1))) * 68719476736 + t.rowid, t.`title` FROM `episodes` t;
--> statement-breakpoint
DROP TRIGGER `channels_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `channels_after_insert` AFTER INSERT ON `channels` BEGIN
  INSERT INTO `channel_search` (rowid, `title`, `handle`) VALUES ((instr('123456789abcdef', substr(new.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(new.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(new.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(new.`organization_id`, 4, 1))) * 68719476736 + new.rowid, new.`title`, new.`handle`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'channels', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1;
END;
--> statement-breakpoint
DROP TRIGGER `channels_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `channels_after_delete` AFTER DELETE ON `channels` BEGIN
  INSERT INTO `channel_search` (`channel_search`, rowid, `title`, `handle`) VALUES ('delete', (instr('123456789abcdef', substr(old.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(old.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(old.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(old.`organization_id`, 4, 1))) * 68719476736 + old.rowid, old.`title`, old.`handle`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'channels';
END;
--> statement-breakpoint
DROP TRIGGER `channels_after_search_update`;
--> statement-breakpoint
CREATE TRIGGER `channels_after_search_update` AFTER UPDATE OF `title`, `handle` ON `channels` WHEN old.`title` IS NOT new.`title` OR old.`handle` IS NOT new.`handle` BEGIN
  INSERT INTO `channel_search` (`channel_search`, rowid, `title`, `handle`) VALUES ('delete', (instr('123456789abcdef', substr(old.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(old.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(old.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(old.`organization_id`, 4, 1))) * 68719476736 + old.rowid, old.`title`, old.`handle`);
  INSERT INTO `channel_search` (rowid, `title`, `handle`) VALUES ((instr('123456789abcdef', substr(new.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(new.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(new.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(new.`organization_id`, 4, 1))) * 68719476736 + new.rowid, new.`title`, new.`handle`);
END;
--> statement-breakpoint
DROP TRIGGER `videos_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `videos_after_insert` AFTER INSERT ON `videos` BEGIN
  INSERT INTO `video_search` (rowid, `title`) VALUES ((instr('123456789abcdef', substr(new.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(new.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(new.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(new.`organization_id`, 4, 1))) * 68719476736 + new.rowid, new.`title`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'videos', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1;
  INSERT INTO `video_title_groups` (`organization_id`, `title_key`, `members`) VALUES (new.`organization_id`, trim(new.`title`), 1)
    ON CONFLICT (`organization_id`, `title_key`) DO UPDATE SET `members` = `members` + 1;
END;
--> statement-breakpoint
DROP TRIGGER `videos_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `videos_after_delete` AFTER DELETE ON `videos` BEGIN
  INSERT INTO `video_search` (`video_search`, rowid, `title`) VALUES ('delete', (instr('123456789abcdef', substr(old.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(old.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(old.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(old.`organization_id`, 4, 1))) * 68719476736 + old.rowid, old.`title`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'videos';
  UPDATE `video_title_groups` SET `members` = `members` - 1 WHERE `organization_id` = old.`organization_id` AND `title_key` = trim(old.`title`);
  DELETE FROM `video_title_groups` WHERE `organization_id` = old.`organization_id` AND `title_key` = trim(old.`title`) AND `members` <= 0;
END;
--> statement-breakpoint
DROP TRIGGER `videos_after_search_update`;
--> statement-breakpoint
CREATE TRIGGER `videos_after_search_update` AFTER UPDATE OF `title` ON `videos` WHEN old.`title` IS NOT new.`title` BEGIN
  INSERT INTO `video_search` (`video_search`, rowid, `title`) VALUES ('delete', (instr('123456789abcdef', substr(old.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(old.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(old.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(old.`organization_id`, 4, 1))) * 68719476736 + old.rowid, old.`title`);
  INSERT INTO `video_search` (rowid, `title`) VALUES ((instr('123456789abcdef', substr(new.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(new.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(new.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(new.`organization_id`, 4, 1))) * 68719476736 + new.rowid, new.`title`);
  UPDATE `video_title_groups` SET `members` = `members` - 1 WHERE `organization_id` = old.`organization_id` AND `title_key` = trim(old.`title`) AND trim(old.`title`) IS NOT trim(new.`title`);
  DELETE FROM `video_title_groups` WHERE `organization_id` = old.`organization_id` AND `title_key` = trim(old.`title`) AND `members` <= 0;
  INSERT INTO `video_title_groups` (`organization_id`, `title_key`, `members`) SELECT new.`organization_id`, trim(new.`title`), 1 WHERE trim(old.`title`) IS NOT trim(new.`title`)
    ON CONFLICT (`organization_id`, `title_key`) DO UPDATE SET `members` = `members` + 1;
END;
--> statement-breakpoint
DROP TRIGGER `shows_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `shows_after_insert` AFTER INSERT ON `shows` BEGIN
  INSERT INTO `show_search` (rowid, `title`) VALUES ((instr('123456789abcdef', substr(new.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(new.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(new.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(new.`organization_id`, 4, 1))) * 68719476736 + new.rowid, new.`title`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'shows', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1;
END;
--> statement-breakpoint
DROP TRIGGER `shows_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `shows_after_delete` AFTER DELETE ON `shows` BEGIN
  INSERT INTO `show_search` (`show_search`, rowid, `title`) VALUES ('delete', (instr('123456789abcdef', substr(old.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(old.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(old.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(old.`organization_id`, 4, 1))) * 68719476736 + old.rowid, old.`title`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'shows';
END;
--> statement-breakpoint
DROP TRIGGER `shows_after_search_update`;
--> statement-breakpoint
CREATE TRIGGER `shows_after_search_update` AFTER UPDATE OF `title` ON `shows` WHEN old.`title` IS NOT new.`title` BEGIN
  INSERT INTO `show_search` (`show_search`, rowid, `title`) VALUES ('delete', (instr('123456789abcdef', substr(old.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(old.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(old.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(old.`organization_id`, 4, 1))) * 68719476736 + old.rowid, old.`title`);
  INSERT INTO `show_search` (rowid, `title`) VALUES ((instr('123456789abcdef', substr(new.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(new.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(new.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(new.`organization_id`, 4, 1))) * 68719476736 + new.rowid, new.`title`);
END;
--> statement-breakpoint
DROP TRIGGER `episodes_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `episodes_after_insert` AFTER INSERT ON `episodes` BEGIN
  INSERT INTO `episode_search` (rowid, `title`) VALUES ((instr('123456789abcdef', substr(new.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(new.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(new.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(new.`organization_id`, 4, 1))) * 68719476736 + new.rowid, new.`title`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'episodes', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1;
END;
--> statement-breakpoint
DROP TRIGGER `episodes_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `episodes_after_delete` AFTER DELETE ON `episodes` BEGIN
  INSERT INTO `episode_search` (`episode_search`, rowid, `title`) VALUES ('delete', (instr('123456789abcdef', substr(old.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(old.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(old.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(old.`organization_id`, 4, 1))) * 68719476736 + old.rowid, old.`title`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'episodes';
END;
--> statement-breakpoint
DROP TRIGGER `episodes_after_search_update`;
--> statement-breakpoint
CREATE TRIGGER `episodes_after_search_update` AFTER UPDATE OF `title` ON `episodes` WHEN old.`title` IS NOT new.`title` BEGIN
  INSERT INTO `episode_search` (`episode_search`, rowid, `title`) VALUES ('delete', (instr('123456789abcdef', substr(old.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(old.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(old.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(old.`organization_id`, 4, 1))) * 68719476736 + old.rowid, old.`title`);
  INSERT INTO `episode_search` (rowid, `title`) VALUES ((instr('123456789abcdef', substr(new.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(new.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(new.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(new.`organization_id`, 4, 1))) * 68719476736 + new.rowid, new.`title`);
END;

