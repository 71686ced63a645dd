-- Written by hand over drizzle-kit generate's output (issue 17, docs/design.md "Compact history"):
-- drizzle-kit cannot write WITHOUT ROWID, a trigger, or a copy that maps ids to keys. The snapshot
-- (meta/0009_snapshot.json) is drizzle-kit's own, so the next generate sees no difference.
--
-- 1. videos and episodes get an integer `key` (unique). Existing rows take their rowid; new rows
--    the next key, from a trigger, whoever inserts them (ingestion, the demo seed, tests).
-- 2. video_metrics and episode_metrics are rebuilt WITHOUT ROWID, keyed by (entity key, time),
--    with no other index and no organisation column, and every existing row is copied: a
--    video's `date` was always the UTC day of its `captured_at`, an episode's `date` becomes
--    `day` (days since 1970-01-01, UTC). Deletes cascade from the entity through its key.
ALTER TABLE `videos` ADD `key` integer;
--> statement-breakpoint
UPDATE `videos` SET `key` = rowid;
--> statement-breakpoint
CREATE UNIQUE INDEX `videos_key_unique` ON `videos` (`key`);
--> statement-breakpoint
CREATE TRIGGER `videos_after_insert_key` AFTER INSERT ON `videos` WHEN new.`key` IS NULL BEGIN
  UPDATE `videos` SET `key` = (SELECT coalesce(max(`key`), 0) + 1 FROM `videos`) WHERE rowid = new.rowid;
END;
--> statement-breakpoint
ALTER TABLE `episodes` ADD `key` integer;
--> statement-breakpoint
UPDATE `episodes` SET `key` = rowid;
--> statement-breakpoint
CREATE UNIQUE INDEX `episodes_key_unique` ON `episodes` (`key`);
--> statement-breakpoint
CREATE TRIGGER `episodes_after_insert_key` AFTER INSERT ON `episodes` WHEN new.`key` IS NULL BEGIN
  UPDATE `episodes` SET `key` = (SELECT coalesce(max(`key`), 0) + 1 FROM `episodes`) WHERE rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TABLE `__new_video_metrics` (
	`video_key` integer NOT NULL,
	`captured_at` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`comments` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`video_key`, `captured_at`),
	FOREIGN KEY (`video_key`) REFERENCES `videos`(`key`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_video_metrics` (`video_key`, `captured_at`, `views`, `likes`, `comments`)
  SELECT v.`key`, m.`captured_at`, m.`views`, m.`likes`, m.`comments`
  FROM `video_metrics` m JOIN `videos` v ON v.`id` = m.`video_id`;
--> statement-breakpoint
DROP TABLE `video_metrics`;
--> statement-breakpoint
ALTER TABLE `__new_video_metrics` RENAME TO `video_metrics`;
--> statement-breakpoint
CREATE TABLE `__new_episode_metrics` (
	`episode_key` integer NOT NULL,
	`day` integer NOT NULL,
	`downloads` integer DEFAULT 0 NOT NULL,
	`cumulative_downloads` integer DEFAULT 0 NOT NULL,
	`unique_listeners` integer,
	PRIMARY KEY(`episode_key`, `day`),
	FOREIGN KEY (`episode_key`) REFERENCES `episodes`(`key`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_episode_metrics` (`episode_key`, `day`, `downloads`, `cumulative_downloads`, `unique_listeners`)
  SELECT e.`key`, CAST(strftime('%s', m.`date`) AS INTEGER) / 86400, m.`downloads`, m.`cumulative_downloads`, m.`unique_listeners`
  FROM `episode_metrics` m JOIN `episodes` e ON e.`id` = m.`episode_id`;
--> statement-breakpoint
DROP TABLE `episode_metrics`;
--> statement-breakpoint
ALTER TABLE `__new_episode_metrics` RENAME TO `episode_metrics`;
