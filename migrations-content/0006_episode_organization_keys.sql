-- Episodes' sort indexes and their show index led by the organisation's integer key, as 0015 did
-- for videos (organization_keys; docs/design.md, "Videos' and episodes' indexes lead with an
-- integer organisation key"), so both tables that reach 100,000 rows per organisation read
-- their organisation the same way.
-- This file is both migrations/0016 and migrations-content/0006, so the two schemas stay identical.
DROP INDEX `episodes_org_show_publish`;--> statement-breakpoint
DROP INDEX `episodes_by_title`;--> statement-breakpoint
DROP INDEX `episodes_by_total_downloads_global`;--> statement-breakpoint
DROP INDEX `episodes_by_season_number`;--> statement-breakpoint
DROP INDEX `episodes_by_duration_seconds`;--> statement-breakpoint
DROP INDEX `episodes_by_publish_date`;--> statement-breakpoint
DROP INDEX `episodes_by_first_24h_downloads`;--> statement-breakpoint
DROP INDEX `episodes_by_first_48h_downloads`;--> statement-breakpoint
DROP INDEX `episodes_by_first_7d_downloads`;--> statement-breakpoint
DROP INDEX `episodes_by_trailing_1d_downloads`;--> statement-breakpoint
DROP INDEX `episodes_by_trailing_1w_downloads`;--> statement-breakpoint
DROP INDEX `episodes_by_trailing_1y_downloads`;--> statement-breakpoint
ALTER TABLE `episodes` ADD `org_key` integer;--> statement-breakpoint
UPDATE `episodes` SET `org_key` = (SELECT k.`key` FROM `organization_keys` k WHERE k.`organization_id` = `episodes`.`organization_id`);--> statement-breakpoint
CREATE INDEX `episodes_org_show_publish` ON `episodes` (`org_key`,`show_id`,`publish_date`);--> statement-breakpoint
CREATE INDEX `episodes_by_title` ON `episodes` (`org_key`,`title`);--> statement-breakpoint
CREATE INDEX `episodes_by_total_downloads_global` ON `episodes` (`org_key`,`total_downloads_global`);--> statement-breakpoint
CREATE INDEX `episodes_by_season_number` ON `episodes` (`org_key`,`season_number`);--> statement-breakpoint
CREATE INDEX `episodes_by_duration_seconds` ON `episodes` (`org_key`,`duration_seconds`);--> statement-breakpoint
CREATE INDEX `episodes_by_publish_date` ON `episodes` (`org_key`,`publish_date`);--> statement-breakpoint
CREATE INDEX `episodes_by_first_24h_downloads` ON `episodes` (`org_key`,`first_24h_downloads`);--> statement-breakpoint
CREATE INDEX `episodes_by_first_48h_downloads` ON `episodes` (`org_key`,`first_48h_downloads`);--> statement-breakpoint
CREATE INDEX `episodes_by_first_7d_downloads` ON `episodes` (`org_key`,`first_7d_downloads`);--> statement-breakpoint
CREATE INDEX `episodes_by_trailing_1d_downloads` ON `episodes` (`org_key`,`trailing_1d_downloads`);--> statement-breakpoint
CREATE INDEX `episodes_by_trailing_1w_downloads` ON `episodes` (`org_key`,`trailing_1w_downloads`);--> statement-breakpoint
CREATE INDEX `episodes_by_trailing_1y_downloads` ON `episodes` (`org_key`,`trailing_1y_downloads`);--> statement-breakpoint
-- As for videos: an insert that leaves the key out gets it here; any other value is refused.
CREATE TRIGGER `episodes_after_insert_org_key` AFTER INSERT ON `episodes` WHEN new.`org_key` IS NULL BEGIN
  UPDATE `episodes` SET `org_key` = (SELECT k.`key` FROM `organization_keys` k WHERE k.`organization_id` = new.`organization_id`) WHERE rowid = new.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `episodes_before_insert_org_key` BEFORE INSERT ON `episodes` WHEN new.`org_key` IS NOT NULL AND new.`org_key` IS NOT (SELECT k.`key` FROM `organization_keys` k WHERE k.`organization_id` = new.`organization_id`) BEGIN
  SELECT RAISE(ABORT, 'episodes.org_key is not the key of the row''s organisation');
END;--> statement-breakpoint
CREATE TRIGGER `episodes_before_update_org_key` BEFORE UPDATE OF `org_key`, `organization_id` ON `episodes` WHEN new.`org_key` IS NOT (SELECT k.`key` FROM `organization_keys` k WHERE k.`organization_id` = new.`organization_id`) BEGIN
  SELECT RAISE(ABORT, 'episodes.org_key is not the key of the row''s organisation');
END;
