-- Write versions of the dashboard tables (issue 15: a searched page at 100,000 videos spent most
-- of its time recounting its totals, which only change when the rows do). table_stats.version
-- counts the writes to one table's rows of one organisation; a table page keeps the totals it
-- computed for a filter under the organisation's versions and reuses them while they are unchanged
-- (worker/features/tables/totals-cache.ts). Every write path (ingestion, windows, owner figures,
-- deletes, cascades, moves, tests) goes through these triggers, so none can forget to bump it.
-- Inserts and deletes bump it in the statement that already counts the row (the triggers of
-- migrations/0011, recreated with `version` added); updates have a trigger of their own. For videos
-- and episodes it names every column but `key`: the history key that migrations/0009's insert
-- trigger sets is no change a page can show, and firing on it would add an update to every insert
-- (tests/worker/tables/kept-totals.test.ts checks that the list names every other column).
-- A new table_stats row starts at a random 48-bit version, so a row deleted and made again (a
-- database reset, an organisation moved away and back) never repeats a version a cache holds.
-- This file is both migrations/0012 and migrations-content/0002, so the two schemas stay identical.
ALTER TABLE `table_stats` ADD `version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `table_stats_after_insert_version` AFTER INSERT ON `table_stats` BEGIN
  UPDATE `table_stats` SET `version` = (random() & 281474976710655) WHERE rowid = new.rowid;
END;
--> statement-breakpoint
DROP TRIGGER `channels_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `channels_after_insert` AFTER INSERT ON `channels` BEGIN
  INSERT INTO `channel_search` (rowid, `title`, `handle`) VALUES ((instr('123456789abcdef', substr(new.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(new.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(new.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(new.`organization_id`, 4, 1))) * 68719476736 + new.rowid, new.`title`, new.`handle`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'channels', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1, `version` = `version` + 1;
END;
--> statement-breakpoint
DROP TRIGGER `channels_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `channels_after_delete` AFTER DELETE ON `channels` BEGIN
  INSERT INTO `channel_search` (`channel_search`, rowid, `title`, `handle`) VALUES ('delete', (instr('123456789abcdef', substr(old.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(old.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(old.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(old.`organization_id`, 4, 1))) * 68719476736 + old.rowid, old.`title`, old.`handle`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1, `version` = `version` + 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'channels';
END;
--> statement-breakpoint
CREATE TRIGGER `channels_after_update_version` AFTER UPDATE ON `channels` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` IN (old.`organization_id`, new.`organization_id`) AND `table_name` = 'channels';
END;
--> statement-breakpoint
DROP TRIGGER `videos_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `videos_after_insert` AFTER INSERT ON `videos` BEGIN
  INSERT INTO `video_search` (rowid, `title`) VALUES ((instr('123456789abcdef', substr(new.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(new.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(new.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(new.`organization_id`, 4, 1))) * 68719476736 + new.rowid, new.`title`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'videos', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1, `version` = `version` + 1;
  INSERT INTO `video_title_groups` (`organization_id`, `title_key`, `members`) VALUES (new.`organization_id`, trim(new.`title`), 1)
    ON CONFLICT (`organization_id`, `title_key`) DO UPDATE SET `members` = `members` + 1;
END;
--> statement-breakpoint
DROP TRIGGER `videos_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `videos_after_delete` AFTER DELETE ON `videos` BEGIN
  INSERT INTO `video_search` (`video_search`, rowid, `title`) VALUES ('delete', (instr('123456789abcdef', substr(old.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(old.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(old.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(old.`organization_id`, 4, 1))) * 68719476736 + old.rowid, old.`title`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1, `version` = `version` + 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'videos';
  UPDATE `video_title_groups` SET `members` = `members` - 1 WHERE `organization_id` = old.`organization_id` AND `title_key` = trim(old.`title`);
  DELETE FROM `video_title_groups` WHERE `organization_id` = old.`organization_id` AND `title_key` = trim(old.`title`) AND `members` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `videos_after_update_version` AFTER UPDATE OF `id`, `organization_id`, `channel_id`, `external_id`, `title`, `views`, `likes`, `comments`, `duration_seconds`, `publish_date`, `first_24h_views`, `first_48h_views`, `first_7d_views`, `trailing_1d_views`, `trailing_1w_views`, `trailing_1m_views`, `trailing_1y_views`, `last_updated`, `created_at`, `window_source`, `watch_minutes`, `average_view_duration` ON `videos` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` IN (old.`organization_id`, new.`organization_id`) AND `table_name` = 'videos';
END;
--> statement-breakpoint
DROP TRIGGER `shows_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `shows_after_insert` AFTER INSERT ON `shows` BEGIN
  INSERT INTO `show_search` (rowid, `title`) VALUES ((instr('123456789abcdef', substr(new.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(new.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(new.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(new.`organization_id`, 4, 1))) * 68719476736 + new.rowid, new.`title`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'shows', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1, `version` = `version` + 1;
END;
--> statement-breakpoint
DROP TRIGGER `shows_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `shows_after_delete` AFTER DELETE ON `shows` BEGIN
  INSERT INTO `show_search` (`show_search`, rowid, `title`) VALUES ('delete', (instr('123456789abcdef', substr(old.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(old.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(old.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(old.`organization_id`, 4, 1))) * 68719476736 + old.rowid, old.`title`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1, `version` = `version` + 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'shows';
END;
--> statement-breakpoint
CREATE TRIGGER `shows_after_update_version` AFTER UPDATE ON `shows` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` IN (old.`organization_id`, new.`organization_id`) AND `table_name` = 'shows';
END;
--> statement-breakpoint
DROP TRIGGER `episodes_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `episodes_after_insert` AFTER INSERT ON `episodes` BEGIN
  INSERT INTO `episode_search` (rowid, `title`) VALUES ((instr('123456789abcdef', substr(new.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(new.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(new.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(new.`organization_id`, 4, 1))) * 68719476736 + new.rowid, new.`title`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'episodes', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1, `version` = `version` + 1;
END;
--> statement-breakpoint
DROP TRIGGER `episodes_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `episodes_after_delete` AFTER DELETE ON `episodes` BEGIN
  INSERT INTO `episode_search` (`episode_search`, rowid, `title`) VALUES ('delete', (instr('123456789abcdef', substr(old.`organization_id`, 1, 1)) * 4096 + instr('123456789abcdef', substr(old.`organization_id`, 2, 1)) * 256 + instr('123456789abcdef', substr(old.`organization_id`, 3, 1)) * 16 + instr('123456789abcdef', substr(old.`organization_id`, 4, 1))) * 68719476736 + old.rowid, old.`title`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1, `version` = `version` + 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'episodes';
END;
--> statement-breakpoint
CREATE TRIGGER `episodes_after_update_version` AFTER UPDATE OF `id`, `organization_id`, `show_id`, `external_id`, `title`, `publish_date`, `duration_seconds`, `season_number`, `episode_number`, `total_downloads_global`, `total_downloads_us`, `first_24h_downloads`, `first_48h_downloads`, `first_7d_downloads`, `trailing_1d_downloads`, `trailing_1w_downloads`, `trailing_1m_downloads`, `trailing_1y_downloads`, `unique_listeners`, `last_updated`, `created_at` ON `episodes` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` IN (old.`organization_id`, new.`organization_id`) AND `table_name` = 'episodes';
END;
