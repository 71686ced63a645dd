-- Custom migration (drizzle-kit generate --custom): what the drizzle schema cannot express.
--
-- 1. Title search: an FTS5 trigram index per dashboard table (external content: the text stays in
--    the table itself, the index holds trigrams keyed by rowid). Trigram matching is substring
--    matching, and its case folding is Unicode-aware ("CAFÉ" finds "café"), unlike LIKE.
-- 2. table_stats and video_title_groups, filled from the rows already there.
-- 3. Triggers that keep both up to date on every insert, delete and title change, whoever writes
--    (ingestion, deletes, foreign-key cascades), in the writer's own transaction.
-- If rowids ever changed under the indexes (e.g. a dump and reload), rebuild them with
-- INSERT INTO video_search(video_search) VALUES('rebuild'); (and likewise for the others).
CREATE VIRTUAL TABLE `channel_search` USING fts5(title, handle, content='channels', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `channel_search`(`channel_search`) VALUES('rebuild');
--> statement-breakpoint
INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`, `title_groups`) SELECT `organization_id`, 'channels', count(*), 0 FROM `channels` GROUP BY `organization_id`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `video_search` USING fts5(title, content='videos', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `video_search`(`video_search`) VALUES('rebuild');
--> statement-breakpoint
INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`, `title_groups`) SELECT `organization_id`, 'videos', count(*), count(DISTINCT trim(`title`)) FROM `videos` GROUP BY `organization_id`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `show_search` USING fts5(title, content='shows', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `show_search`(`show_search`) VALUES('rebuild');
--> statement-breakpoint
INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`, `title_groups`) SELECT `organization_id`, 'shows', count(*), 0 FROM `shows` GROUP BY `organization_id`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `episode_search` USING fts5(title, content='episodes', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `episode_search`(`episode_search`) VALUES('rebuild');
--> statement-breakpoint
INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`, `title_groups`) SELECT `organization_id`, 'episodes', count(*), 0 FROM `episodes` GROUP BY `organization_id`;
--> statement-breakpoint
INSERT INTO `video_title_groups` (`organization_id`, `title_key`, `members`) SELECT `organization_id`, trim(`title`), count(*) FROM `videos` GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER `channels_after_insert` AFTER INSERT ON `channels` BEGIN
  INSERT INTO `channel_search` (rowid, `title`, `handle`) VALUES (new.rowid, new.`title`, new.`handle`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'channels', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `channels_after_delete` AFTER DELETE ON `channels` BEGIN
  INSERT INTO `channel_search` (`channel_search`, rowid, `title`, `handle`) VALUES ('delete', old.rowid, old.`title`, old.`handle`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'channels';
END;
--> statement-breakpoint
CREATE TRIGGER `channels_after_search_update` AFTER UPDATE OF `title`, `handle` ON `channels` WHEN old.`title` IS NOT new.`title` OR old.`handle` IS NOT new.`handle` BEGIN
  INSERT INTO `channel_search` (`channel_search`, rowid, `title`, `handle`) VALUES ('delete', old.rowid, old.`title`, old.`handle`);
  INSERT INTO `channel_search` (rowid, `title`, `handle`) VALUES (new.rowid, new.`title`, new.`handle`);
END;
--> statement-breakpoint
CREATE TRIGGER `videos_after_insert` AFTER INSERT ON `videos` BEGIN
  INSERT INTO `video_search` (rowid, `title`) VALUES (new.rowid, new.`title`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'videos', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1;
  INSERT INTO `video_title_groups` (`organization_id`, `title_key`, `members`) VALUES (new.`organization_id`, trim(new.`title`), 1)
    ON CONFLICT (`organization_id`, `title_key`) DO UPDATE SET `members` = `members` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `videos_after_delete` AFTER DELETE ON `videos` BEGIN
  INSERT INTO `video_search` (`video_search`, rowid, `title`) VALUES ('delete', old.rowid, old.`title`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'videos';
  UPDATE `video_title_groups` SET `members` = `members` - 1 WHERE `organization_id` = old.`organization_id` AND `title_key` = trim(old.`title`);
  DELETE FROM `video_title_groups` WHERE `organization_id` = old.`organization_id` AND `title_key` = trim(old.`title`) AND `members` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `videos_after_search_update` AFTER UPDATE OF `title` ON `videos` WHEN old.`title` IS NOT new.`title` BEGIN
  INSERT INTO `video_search` (`video_search`, rowid, `title`) VALUES ('delete', old.rowid, old.`title`);
  INSERT INTO `video_search` (rowid, `title`) VALUES (new.rowid, new.`title`);
  UPDATE `video_title_groups` SET `members` = `members` - 1 WHERE `organization_id` = old.`organization_id` AND `title_key` = trim(old.`title`) AND trim(old.`title`) IS NOT trim(new.`title`);
  DELETE FROM `video_title_groups` WHERE `organization_id` = old.`organization_id` AND `title_key` = trim(old.`title`) AND `members` <= 0;
  INSERT INTO `video_title_groups` (`organization_id`, `title_key`, `members`) SELECT new.`organization_id`, trim(new.`title`), 1 WHERE trim(old.`title`) IS NOT trim(new.`title`)
    ON CONFLICT (`organization_id`, `title_key`) DO UPDATE SET `members` = `members` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `shows_after_insert` AFTER INSERT ON `shows` BEGIN
  INSERT INTO `show_search` (rowid, `title`) VALUES (new.rowid, new.`title`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'shows', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `shows_after_delete` AFTER DELETE ON `shows` BEGIN
  INSERT INTO `show_search` (`show_search`, rowid, `title`) VALUES ('delete', old.rowid, old.`title`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'shows';
END;
--> statement-breakpoint
CREATE TRIGGER `shows_after_search_update` AFTER UPDATE OF `title` ON `shows` WHEN old.`title` IS NOT new.`title` BEGIN
  INSERT INTO `show_search` (`show_search`, rowid, `title`) VALUES ('delete', old.rowid, old.`title`);
  INSERT INTO `show_search` (rowid, `title`) VALUES (new.rowid, new.`title`);
END;
--> statement-breakpoint
CREATE TRIGGER `episodes_after_insert` AFTER INSERT ON `episodes` BEGIN
  INSERT INTO `episode_search` (rowid, `title`) VALUES (new.rowid, new.`title`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'episodes', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `episodes_after_delete` AFTER DELETE ON `episodes` BEGIN
  INSERT INTO `episode_search` (`episode_search`, rowid, `title`) VALUES ('delete', old.rowid, old.`title`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'episodes';
END;
--> statement-breakpoint
CREATE TRIGGER `episodes_after_search_update` AFTER UPDATE OF `title` ON `episodes` WHEN old.`title` IS NOT new.`title` BEGIN
  INSERT INTO `episode_search` (`episode_search`, rowid, `title`) VALUES ('delete', old.rowid, old.`title`);
  INSERT INTO `episode_search` (rowid, `title`) VALUES (new.rowid, new.`title`);
END;
--> statement-breakpoint
CREATE TRIGGER `video_title_groups_after_insert` AFTER INSERT ON `video_title_groups` BEGIN
  UPDATE `table_stats` SET `title_groups` = `title_groups` + 1 WHERE `organization_id` = new.`organization_id` AND `table_name` = 'videos';
END;
--> statement-breakpoint
CREATE TRIGGER `video_title_groups_after_delete` AFTER DELETE ON `video_title_groups` BEGIN
  UPDATE `table_stats` SET `title_groups` = `title_groups` - 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'videos';
END;
