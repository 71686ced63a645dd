-- An integer key per organisation in each database, and the videos' 15 sort indexes and their
-- channel index led by it instead of the 36-character organisation id. On the scale bench's 100,000 videos those indexes
-- held 85 MB, three quarters of it the id repeated in every entry, and they were 45% of a first
-- ingestion's B-tree work (docs/performance.md, "An integer organisation key").
-- The key is unique in one database only: an organisation that moves gets the target's own
-- (the trigger on organizations), and its videos get it from the insert trigger below.
-- This file is both migrations/0015 and migrations-content/0005, so the two schemas stay identical.
CREATE TABLE `organization_keys` (
	`key` integer PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organization_keys_organization_id_unique` ON `organization_keys` (`organization_id`);--> statement-breakpoint
INSERT INTO `organization_keys` (`organization_id`) SELECT `id` FROM `organizations` ORDER BY `created_at`, `id`;--> statement-breakpoint
CREATE TRIGGER `organizations_after_insert_key` AFTER INSERT ON `organizations` BEGIN
  INSERT INTO `organization_keys` (`organization_id`) VALUES (new.`id`);
END;--> statement-breakpoint
DROP INDEX `videos_org_channel_publish`;--> statement-breakpoint
DROP INDEX `videos_by_title`;--> statement-breakpoint
DROP INDEX `videos_by_views`;--> statement-breakpoint
DROP INDEX `videos_by_likes`;--> statement-breakpoint
DROP INDEX `videos_by_comments`;--> statement-breakpoint
DROP INDEX `videos_by_publish_date`;--> statement-breakpoint
DROP INDEX `videos_by_last_updated`;--> statement-breakpoint
DROP INDEX `videos_by_first_24h_views`;--> statement-breakpoint
DROP INDEX `videos_by_first_48h_views`;--> statement-breakpoint
DROP INDEX `videos_by_first_7d_views`;--> statement-breakpoint
DROP INDEX `videos_by_trailing_1d_views`;--> statement-breakpoint
DROP INDEX `videos_by_trailing_1w_views`;--> statement-breakpoint
DROP INDEX `videos_by_trailing_1m_views`;--> statement-breakpoint
DROP INDEX `videos_by_trailing_1y_views`;--> statement-breakpoint
DROP INDEX `videos_by_watch_minutes`;--> statement-breakpoint
DROP INDEX `videos_by_average_view_duration`;--> statement-breakpoint
ALTER TABLE `videos` ADD `org_key` integer;--> statement-breakpoint
UPDATE `videos` SET `org_key` = (SELECT k.`key` FROM `organization_keys` k WHERE k.`organization_id` = `videos`.`organization_id`);--> statement-breakpoint
CREATE INDEX `videos_org_channel_publish` ON `videos` (`org_key`,`channel_id`,`publish_date`);--> statement-breakpoint
CREATE INDEX `videos_by_title` ON `videos` (`org_key`,`title`);--> statement-breakpoint
CREATE INDEX `videos_by_views` ON `videos` (`org_key`,`views`);--> statement-breakpoint
CREATE INDEX `videos_by_likes` ON `videos` (`org_key`,`likes`);--> statement-breakpoint
CREATE INDEX `videos_by_comments` ON `videos` (`org_key`,`comments`);--> statement-breakpoint
CREATE INDEX `videos_by_publish_date` ON `videos` (`org_key`,`publish_date`);--> statement-breakpoint
CREATE INDEX `videos_by_last_updated` ON `videos` (`org_key`,`last_updated`);--> statement-breakpoint
CREATE INDEX `videos_by_first_24h_views` ON `videos` (`org_key`,`first_24h_views`);--> statement-breakpoint
CREATE INDEX `videos_by_first_48h_views` ON `videos` (`org_key`,`first_48h_views`);--> statement-breakpoint
CREATE INDEX `videos_by_first_7d_views` ON `videos` (`org_key`,`first_7d_views`);--> statement-breakpoint
CREATE INDEX `videos_by_trailing_1d_views` ON `videos` (`org_key`,`trailing_1d_views`);--> statement-breakpoint
CREATE INDEX `videos_by_trailing_1w_views` ON `videos` (`org_key`,`trailing_1w_views`);--> statement-breakpoint
CREATE INDEX `videos_by_trailing_1m_views` ON `videos` (`org_key`,`trailing_1m_views`);--> statement-breakpoint
CREATE INDEX `videos_by_trailing_1y_views` ON `videos` (`org_key`,`trailing_1y_views`);--> statement-breakpoint
CREATE INDEX `videos_by_watch_minutes` ON `videos` (`org_key`,`watch_minutes`);--> statement-breakpoint
CREATE INDEX `videos_by_average_view_duration` ON `videos` (`org_key`,`average_view_duration`);--> statement-breakpoint
-- An insert that leaves the key out (tests, the dev seed, a moved organisation's copy) gets it
-- here, at the cost of rewriting the row's sort-index entries; the ingestion binds it once per
-- statement instead. Any other value than the organisation's own is refused, on insert and update.
CREATE TRIGGER `videos_after_insert_org_key` AFTER INSERT ON `videos` WHEN new.`org_key` IS NULL BEGIN
  UPDATE `videos` SET `org_key` = (SELECT k.`key` FROM `organization_keys` k WHERE k.`organization_id` = new.`organization_id`) WHERE rowid = new.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `videos_before_insert_org_key` BEFORE INSERT ON `videos` WHEN new.`org_key` IS NOT NULL AND new.`org_key` IS NOT (SELECT k.`key` FROM `organization_keys` k WHERE k.`organization_id` = new.`organization_id`) BEGIN
  SELECT RAISE(ABORT, 'videos.org_key is not the key of the row''s organisation');
END;--> statement-breakpoint
CREATE TRIGGER `videos_before_update_org_key` BEFORE UPDATE OF `org_key`, `organization_id` ON `videos` WHEN new.`org_key` IS NOT (SELECT k.`key` FROM `organization_keys` k WHERE k.`organization_id` = new.`organization_id`) BEGIN
  SELECT RAISE(ABORT, 'videos.org_key is not the key of the row''s organisation');
END;
