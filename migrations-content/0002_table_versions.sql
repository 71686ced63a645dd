-- Write versions of the dashboard tables (issue 15: a searched page at 100,000 videos spent most
-- of its time recounting its totals, which only change when the rows do). table_stats.version
-- counts the writes to one table's rows of one organisation; a table page keeps the totals it
-- computed for a filter under the organisation's versions and reuses them while they are unchanged
-- (worker/features/tables/totals-cache.ts). Every write path (ingestion, windows, owner figures,
-- deletes, cascades, moves, tests) goes through these triggers, so none can forget to bump it.
-- A new table_stats row starts at a random 48-bit version, so a row deleted and made again (a
-- database reset, an organisation moved away and back) never repeats a version a cache holds.
-- This file is both migrations/0012 and migrations-content/0002, so the two schemas stay identical.
ALTER TABLE `table_stats` ADD `version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `table_stats_after_insert_version` AFTER INSERT ON `table_stats` BEGIN
  UPDATE `table_stats` SET `version` = (random() & 281474976710655) WHERE rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `channels_after_insert_version` AFTER INSERT ON `channels` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` = new.`organization_id` AND `table_name` = 'channels';
END;
--> statement-breakpoint
CREATE TRIGGER `channels_after_update_version` AFTER UPDATE ON `channels` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` IN (old.`organization_id`, new.`organization_id`) AND `table_name` = 'channels';
END;
--> statement-breakpoint
CREATE TRIGGER `channels_after_delete_version` AFTER DELETE ON `channels` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'channels';
END;
--> statement-breakpoint
CREATE TRIGGER `videos_after_insert_version` AFTER INSERT ON `videos` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` = new.`organization_id` AND `table_name` = 'videos';
END;
--> statement-breakpoint
CREATE TRIGGER `videos_after_update_version` AFTER UPDATE ON `videos` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` IN (old.`organization_id`, new.`organization_id`) AND `table_name` = 'videos';
END;
--> statement-breakpoint
CREATE TRIGGER `videos_after_delete_version` AFTER DELETE ON `videos` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'videos';
END;
--> statement-breakpoint
CREATE TRIGGER `shows_after_insert_version` AFTER INSERT ON `shows` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` = new.`organization_id` AND `table_name` = 'shows';
END;
--> statement-breakpoint
CREATE TRIGGER `shows_after_update_version` AFTER UPDATE ON `shows` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` IN (old.`organization_id`, new.`organization_id`) AND `table_name` = 'shows';
END;
--> statement-breakpoint
CREATE TRIGGER `shows_after_delete_version` AFTER DELETE ON `shows` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'shows';
END;
--> statement-breakpoint
CREATE TRIGGER `episodes_after_insert_version` AFTER INSERT ON `episodes` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` = new.`organization_id` AND `table_name` = 'episodes';
END;
--> statement-breakpoint
CREATE TRIGGER `episodes_after_update_version` AFTER UPDATE ON `episodes` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` IN (old.`organization_id`, new.`organization_id`) AND `table_name` = 'episodes';
END;
--> statement-breakpoint
CREATE TRIGGER `episodes_after_delete_version` AFTER DELETE ON `episodes` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'episodes';
END;
