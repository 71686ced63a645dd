-- YouTube leaves likeCount out of a video's statistics when its owner hides likes, and
-- commentCount when comments are turned off (youtube.v3.json, VideoStatistics: both optional).
-- The counts stay 0, so sorts, sums and the sort indexes are unchanged; these flags say the 0 is
-- not a figure. The version trigger names every column a page can show, so it is made again
-- with the two new ones (tests/worker/tables/kept-totals.test.ts keeps that list whole).
-- This file is both migrations/0017 and migrations-content/0007, so the two schemas stay identical.
ALTER TABLE `videos` ADD `likes_hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `videos` ADD `comments_off` integer DEFAULT false NOT NULL;--> statement-breakpoint
DROP TRIGGER `videos_after_update_version`;--> statement-breakpoint
CREATE TRIGGER `videos_after_update_version` AFTER UPDATE OF `id`, `organization_id`, `channel_id`, `external_id`, `title`, `views`, `likes`, `comments`, `likes_hidden`, `comments_off`, `duration_seconds`, `publish_date`, `first_24h_views`, `first_48h_views`, `first_7d_views`, `trailing_1d_views`, `trailing_1w_views`, `trailing_1m_views`, `trailing_1y_views`, `last_updated`, `created_at`, `window_source`, `watch_minutes`, `average_view_duration` ON `videos` BEGIN
  UPDATE `table_stats` SET `version` = `version` + 1 WHERE `organization_id` IN (old.`organization_id`, new.`organization_id`) AND `table_name` = 'videos';
END;
