-- The schema of a content database (CONTENT_1 ... CONTENT_N; issue 17, docs/content-databases.md).
-- It is the primary database's content tables as migrations 0000-0010 leave them (generated from
-- that schema, so every column, index, trigger and full-text table is the same; the drizzle
-- schema in worker/db/schema describes both), with two differences:
-- - no foreign key to `users`: accounts live in the primary database only, and a key cannot point
--   into another database. The user columns (created_by_user_id, connected_by_user_id) keep the
--   id; a deleted account's id simply matches no one (the primary database's audit log keeps
--   who did what).
-- - `organizations` holds one stub row per organisation this database holds (id, name and time
--   zone copied at placement), the parent every content table cascades from, so deleting an
--   organisation's content is one statement here.
-- tests/worker/db/content-schema.test.ts compares the two schemas table by table: a migration
-- that changes a content table is written twice, once in migrations/ and once here.
CREATE TABLE `google_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`google_email` text NOT NULL,
	`refresh_token_ciphertext` text NOT NULL,
	`scopes` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`connected_by_user_id` text,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `google_connections_organization_id_unique` ON `google_connections` (`organization_id`);

CREATE TABLE `integrations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`type` text NOT NULL,
	`api_key_ciphertext` text NOT NULL,
	`api_key_last4` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`last_checked_at` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `integrations_org_type` ON `integrations` (`organization_id`,`type`);

CREATE TABLE `organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`logo_key` text,
	`timezone` text DEFAULT 'America/Los_Angeles' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);

CREATE TABLE `channels` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`external_id` text NOT NULL,
	`handle` text,
	`title` text NOT NULL,
	`thumbnail_url` text,
	`uploads_playlist_id` text,
	`subscriber_count` integer DEFAULT 0 NOT NULL,
	`total_views` integer DEFAULT 0 NOT NULL,
	`video_count` integer DEFAULT 0 NOT NULL,
	`trailing_1d_views` integer,
	`trailing_1w_views` integer,
	`trailing_1m_views` integer,
	`trailing_1y_views` integer,
	`last_updated` integer,
	`created_at` integer NOT NULL, `subscribers_hidden` integer DEFAULT false NOT NULL, `window_source` text DEFAULT 'public' NOT NULL, `watch_minutes` integer, `average_view_duration` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `channels_org_external` ON `channels` (`organization_id`,`external_id`);

CREATE TABLE `episodes` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`show_id` text NOT NULL,
	`external_id` text NOT NULL,
	`title` text NOT NULL,
	`publish_date` integer NOT NULL,
	`duration_seconds` integer,
	`season_number` integer,
	`episode_number` integer,
	`total_downloads_global` integer DEFAULT 0 NOT NULL,
	`total_downloads_us` integer DEFAULT 0 NOT NULL,
	`first_24h_downloads` integer,
	`first_48h_downloads` integer,
	`first_7d_downloads` integer,
	`trailing_1d_downloads` integer,
	`trailing_1w_downloads` integer,
	`trailing_1m_downloads` integer,
	`trailing_1y_downloads` integer,
	`unique_listeners` integer,
	`last_updated` integer,
	`created_at` integer NOT NULL, `key` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`show_id`) REFERENCES `shows`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `episodes_org_external` ON `episodes` (`organization_id`,`external_id`);

CREATE INDEX `episodes_org_show_publish` ON `episodes` (`organization_id`,`show_id`,`publish_date`);

CREATE INDEX `episodes_show` ON `episodes` (`show_id`);

CREATE TABLE `shows` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`external_id` text NOT NULL,
	`title` text NOT NULL,
	`image_url` text,
	`total_episodes` integer DEFAULT 0 NOT NULL,
	`total_downloads_global` integer DEFAULT 0 NOT NULL,
	`total_downloads_us` integer DEFAULT 0 NOT NULL,
	`trailing_1d_downloads` integer,
	`trailing_1w_downloads` integer,
	`trailing_1m_downloads` integer,
	`trailing_1y_downloads` integer,
	`last_updated` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `shows_org_external` ON `shows` (`organization_id`,`external_id`);

CREATE TABLE `videos` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`external_id` text NOT NULL,
	`title` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`comments` integer DEFAULT 0 NOT NULL,
	`duration_seconds` integer,
	`publish_date` integer NOT NULL,
	`first_24h_views` integer,
	`first_48h_views` integer,
	`first_7d_views` integer,
	`trailing_1d_views` integer,
	`trailing_1w_views` integer,
	`trailing_1m_views` integer,
	`trailing_1y_views` integer,
	`last_updated` integer,
	`created_at` integer NOT NULL, `window_source` text DEFAULT 'public' NOT NULL, `watch_minutes` integer, `average_view_duration` integer, `key` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `videos_org_external` ON `videos` (`organization_id`,`external_id`);

CREATE INDEX `videos_org_channel_publish` ON `videos` (`organization_id`,`channel_id`,`publish_date`);

CREATE INDEX `videos_channel` ON `videos` (`channel_id`);

CREATE TABLE `channel_metrics` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`date` text NOT NULL,
	`subscriber_count` integer DEFAULT 0 NOT NULL,
	`total_views` integer DEFAULT 0 NOT NULL,
	`video_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL, `subscribers_hidden` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `channel_metrics_channel_date` ON `channel_metrics` (`channel_id`,`date`);

CREATE INDEX `channel_metrics_org_date` ON `channel_metrics` (`organization_id`,`date`);

CREATE TABLE `show_metrics` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`show_id` text NOT NULL,
	`date` text NOT NULL,
	`total_downloads` integer DEFAULT 0 NOT NULL,
	`downloads` integer DEFAULT 0 NOT NULL,
	`unique_listeners` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`show_id`) REFERENCES `shows`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `show_metrics_show_date` ON `show_metrics` (`show_id`,`date`);

CREATE INDEX `show_metrics_org_date` ON `show_metrics` (`organization_id`,`date`);

CREATE TABLE `ingestion_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`kind` text NOT NULL,
	`target` text NOT NULL,
	`dedupe_key` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`progress` text,
	`error_code` text,
	`error_message` text,
	`quota_units` integer DEFAULT 0 NOT NULL,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer, `lease_expires_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE INDEX `ingestion_jobs_org_created` ON `ingestion_jobs` (`organization_id`,`created_at`);

CREATE INDEX `ingestion_jobs_org_status` ON `ingestion_jobs` (`organization_id`,`status`);

CREATE UNIQUE INDEX `ingestion_jobs_dedupe` ON `ingestion_jobs` (`dedupe_key`);

CREATE TABLE `persistent_sheets` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`platform` text NOT NULL,
	`sheet_name` text NOT NULL,
	`spreadsheet_id` text,
	`spreadsheet_url` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE INDEX `persistent_sheets_org_platform_created` ON `persistent_sheets` (`organization_id`,`platform`,`created_at`);

CREATE TABLE `report_files` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`report_id` text NOT NULL,
	`kind` text NOT NULL,
	`r2_key` text NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`row_count` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `report_files_r2_key_unique` ON `report_files` (`r2_key`);

CREATE INDEX `report_files_report` ON `report_files` (`report_id`);

CREATE INDEX `report_files_org_created` ON `report_files` (`organization_id`,`created_at`);

CREATE TABLE `report_schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`title` text NOT NULL,
	`platform` text NOT NULL,
	`date_range` text NOT NULL,
	`selected_entities` text NOT NULL,
	`frequency` text NOT NULL,
	`day_of_week` integer,
	`day_of_month` integer,
	`scheduled_time` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`is_persistent` integer DEFAULT false NOT NULL,
	`persistent_sheet_id` text,
	`sheet_tab_name` text,
	`last_run_at` integer,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`persistent_sheet_id`) REFERENCES `persistent_sheets`(`id`) ON UPDATE no action ON DELETE set null
);

CREATE INDEX `report_schedules_org_platform_created` ON `report_schedules` (`organization_id`,`platform`,`created_at`);

CREATE INDEX `report_schedules_active_time` ON `report_schedules` (`is_active`,`scheduled_time`);

CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`title` text NOT NULL,
	`platform` text NOT NULL,
	`export_type` text NOT NULL,
	`date_range` text NOT NULL,
	`selected_entities` text NOT NULL,
	`is_persistent` integer DEFAULT false NOT NULL,
	`schedule_id` text,
	`persistent_sheet_id` text,
	`persistent_sheet_name` text,
	`sheet_tab_name` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`error_message` text,
	`google_sheet_url` text,
	`preview_id` text,
	`row_count` integer,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`schedule_id`) REFERENCES `report_schedules`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`persistent_sheet_id`) REFERENCES `persistent_sheets`(`id`) ON UPDATE no action ON DELETE set null
);

CREATE INDEX `reports_org_platform_created` ON `reports` (`organization_id`,`platform`,`created_at`);

CREATE INDEX `reports_org_created` ON `reports` (`organization_id`,`created_at`);

CREATE TABLE `schedule_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`schedule_id` text NOT NULL,
	`slot` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`report_id` text,
	`row_count` integer,
	`sheet_url` text,
	`error_message` text,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`schedule_id`) REFERENCES `report_schedules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE set null
);

CREATE UNIQUE INDEX `schedule_runs_schedule_slot` ON `schedule_runs` (`schedule_id`,`slot`);

CREATE INDEX `schedule_runs_org_created` ON `schedule_runs` (`organization_id`,`created_at`);

CREATE TABLE `multi_channel_previews` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`title` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`date_range` text NOT NULL,
	`selected_channels` text NOT NULL,
	`selected_shows` text NOT NULL,
	`merge_options` text NOT NULL,
	`final_arrangement` text,
	`report_id` text,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE INDEX `multi_channel_previews_org_created` ON `multi_channel_previews` (`organization_id`,`created_at`);

CREATE TABLE `preview_matches` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`preview_id` text NOT NULL,
	`video_id` text NOT NULL,
	`episode_id` text NOT NULL,
	`confidence_score` real NOT NULL,
	`match_reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`preview_id`) REFERENCES `multi_channel_previews`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE INDEX `preview_matches_preview_confidence` ON `preview_matches` (`preview_id`,`confidence_score`);

CREATE INDEX `preview_matches_org` ON `preview_matches` (`organization_id`);

CREATE TABLE `table_stats` (
	`organization_id` text NOT NULL,
	`table_name` text NOT NULL,
	`row_count` integer DEFAULT 0 NOT NULL,
	`title_groups` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`organization_id`, `table_name`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE TABLE `video_title_groups` (
	`organization_id` text NOT NULL,
	`title_key` text NOT NULL,
	`members` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `title_key`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE INDEX `channels_by_title` ON `channels` (`organization_id`,`title`);

CREATE INDEX `channels_by_subscriber_count` ON `channels` (`organization_id`,`subscriber_count`);

CREATE INDEX `channels_by_total_views` ON `channels` (`organization_id`,`total_views`);

CREATE INDEX `channels_by_video_count` ON `channels` (`organization_id`,`video_count`);

CREATE INDEX `channels_by_last_updated` ON `channels` (`organization_id`,`last_updated`);

CREATE INDEX `channels_by_trailing_1d_views` ON `channels` (`organization_id`,`trailing_1d_views`);

CREATE INDEX `channels_by_trailing_1w_views` ON `channels` (`organization_id`,`trailing_1w_views`);

CREATE INDEX `channels_by_trailing_1m_views` ON `channels` (`organization_id`,`trailing_1m_views`);

CREATE INDEX `channels_by_trailing_1y_views` ON `channels` (`organization_id`,`trailing_1y_views`);

CREATE INDEX `episodes_by_title` ON `episodes` (`organization_id`,`title`);

CREATE INDEX `episodes_by_total_downloads_global` ON `episodes` (`organization_id`,`total_downloads_global`);

CREATE INDEX `episodes_by_season_number` ON `episodes` (`organization_id`,`season_number`);

CREATE INDEX `episodes_by_duration_seconds` ON `episodes` (`organization_id`,`duration_seconds`);

CREATE INDEX `episodes_by_publish_date` ON `episodes` (`organization_id`,`publish_date`);

CREATE INDEX `episodes_by_first_24h_downloads` ON `episodes` (`organization_id`,`first_24h_downloads`);

CREATE INDEX `episodes_by_first_48h_downloads` ON `episodes` (`organization_id`,`first_48h_downloads`);

CREATE INDEX `episodes_by_first_7d_downloads` ON `episodes` (`organization_id`,`first_7d_downloads`);

CREATE INDEX `episodes_by_trailing_1d_downloads` ON `episodes` (`organization_id`,`trailing_1d_downloads`);

CREATE INDEX `episodes_by_trailing_1w_downloads` ON `episodes` (`organization_id`,`trailing_1w_downloads`);

CREATE INDEX `episodes_by_trailing_1y_downloads` ON `episodes` (`organization_id`,`trailing_1y_downloads`);

CREATE INDEX `shows_by_title` ON `shows` (`organization_id`,`title`);

CREATE INDEX `shows_by_total_downloads_global` ON `shows` (`organization_id`,`total_downloads_global`);

CREATE INDEX `shows_by_total_episodes` ON `shows` (`organization_id`,`total_episodes`);

CREATE INDEX `shows_by_last_updated` ON `shows` (`organization_id`,`last_updated`);

CREATE INDEX `shows_by_trailing_1d_downloads` ON `shows` (`organization_id`,`trailing_1d_downloads`);

CREATE INDEX `shows_by_trailing_1w_downloads` ON `shows` (`organization_id`,`trailing_1w_downloads`);

CREATE INDEX `shows_by_trailing_1y_downloads` ON `shows` (`organization_id`,`trailing_1y_downloads`);

CREATE INDEX `videos_by_title` ON `videos` (`organization_id`,`title`);

CREATE INDEX `videos_by_views` ON `videos` (`organization_id`,`views`);

CREATE INDEX `videos_by_likes` ON `videos` (`organization_id`,`likes`);

CREATE INDEX `videos_by_comments` ON `videos` (`organization_id`,`comments`);

CREATE INDEX `videos_by_publish_date` ON `videos` (`organization_id`,`publish_date`);

CREATE INDEX `videos_by_last_updated` ON `videos` (`organization_id`,`last_updated`);

CREATE INDEX `videos_by_first_24h_views` ON `videos` (`organization_id`,`first_24h_views`);

CREATE INDEX `videos_by_first_48h_views` ON `videos` (`organization_id`,`first_48h_views`);

CREATE INDEX `videos_by_first_7d_views` ON `videos` (`organization_id`,`first_7d_views`);

CREATE INDEX `videos_by_trailing_1d_views` ON `videos` (`organization_id`,`trailing_1d_views`);

CREATE INDEX `videos_by_trailing_1w_views` ON `videos` (`organization_id`,`trailing_1w_views`);

CREATE INDEX `videos_by_trailing_1m_views` ON `videos` (`organization_id`,`trailing_1m_views`);

CREATE INDEX `videos_by_trailing_1y_views` ON `videos` (`organization_id`,`trailing_1y_views`);

CREATE VIRTUAL TABLE `channel_search` USING fts5(title, handle, content='channels', content_rowid='rowid', tokenize='trigram');

CREATE VIRTUAL TABLE `video_search` USING fts5(title, content='videos', content_rowid='rowid', tokenize='trigram');

CREATE VIRTUAL TABLE `show_search` USING fts5(title, content='shows', content_rowid='rowid', tokenize='trigram');

CREATE VIRTUAL TABLE `episode_search` USING fts5(title, content='episodes', content_rowid='rowid', tokenize='trigram');

CREATE TRIGGER `channels_after_insert` AFTER INSERT ON `channels` BEGIN
  INSERT INTO `channel_search` (rowid, `title`, `handle`) VALUES (new.rowid, new.`title`, new.`handle`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'channels', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1;
END;

CREATE TRIGGER `channels_after_delete` AFTER DELETE ON `channels` BEGIN
  INSERT INTO `channel_search` (`channel_search`, rowid, `title`, `handle`) VALUES ('delete', old.rowid, old.`title`, old.`handle`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'channels';
END;

CREATE TRIGGER `channels_after_search_update` AFTER UPDATE OF `title`, `handle` ON `channels` WHEN old.`title` IS NOT new.`title` OR old.`handle` IS NOT new.`handle` BEGIN
  INSERT INTO `channel_search` (`channel_search`, rowid, `title`, `handle`) VALUES ('delete', old.rowid, old.`title`, old.`handle`);
  INSERT INTO `channel_search` (rowid, `title`, `handle`) VALUES (new.rowid, new.`title`, new.`handle`);
END;

CREATE TRIGGER `videos_after_insert` AFTER INSERT ON `videos` BEGIN
  INSERT INTO `video_search` (rowid, `title`) VALUES (new.rowid, new.`title`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'videos', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1;
  INSERT INTO `video_title_groups` (`organization_id`, `title_key`, `members`) VALUES (new.`organization_id`, trim(new.`title`), 1)
    ON CONFLICT (`organization_id`, `title_key`) DO UPDATE SET `members` = `members` + 1;
END;

CREATE TRIGGER `videos_after_delete` AFTER DELETE ON `videos` BEGIN
  INSERT INTO `video_search` (`video_search`, rowid, `title`) VALUES ('delete', old.rowid, old.`title`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'videos';
  UPDATE `video_title_groups` SET `members` = `members` - 1 WHERE `organization_id` = old.`organization_id` AND `title_key` = trim(old.`title`);
  DELETE FROM `video_title_groups` WHERE `organization_id` = old.`organization_id` AND `title_key` = trim(old.`title`) AND `members` <= 0;
END;

CREATE TRIGGER `videos_after_search_update` AFTER UPDATE OF `title` ON `videos` WHEN old.`title` IS NOT new.`title` BEGIN
  INSERT INTO `video_search` (`video_search`, rowid, `title`) VALUES ('delete', old.rowid, old.`title`);
  INSERT INTO `video_search` (rowid, `title`) VALUES (new.rowid, new.`title`);
  UPDATE `video_title_groups` SET `members` = `members` - 1 WHERE `organization_id` = old.`organization_id` AND `title_key` = trim(old.`title`) AND trim(old.`title`) IS NOT trim(new.`title`);
  DELETE FROM `video_title_groups` WHERE `organization_id` = old.`organization_id` AND `title_key` = trim(old.`title`) AND `members` <= 0;
  INSERT INTO `video_title_groups` (`organization_id`, `title_key`, `members`) SELECT new.`organization_id`, trim(new.`title`), 1 WHERE trim(old.`title`) IS NOT trim(new.`title`)
    ON CONFLICT (`organization_id`, `title_key`) DO UPDATE SET `members` = `members` + 1;
END;

CREATE TRIGGER `shows_after_insert` AFTER INSERT ON `shows` BEGIN
  INSERT INTO `show_search` (rowid, `title`) VALUES (new.rowid, new.`title`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'shows', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1;
END;

CREATE TRIGGER `shows_after_delete` AFTER DELETE ON `shows` BEGIN
  INSERT INTO `show_search` (`show_search`, rowid, `title`) VALUES ('delete', old.rowid, old.`title`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'shows';
END;

CREATE TRIGGER `shows_after_search_update` AFTER UPDATE OF `title` ON `shows` WHEN old.`title` IS NOT new.`title` BEGIN
  INSERT INTO `show_search` (`show_search`, rowid, `title`) VALUES ('delete', old.rowid, old.`title`);
  INSERT INTO `show_search` (rowid, `title`) VALUES (new.rowid, new.`title`);
END;

CREATE TRIGGER `episodes_after_insert` AFTER INSERT ON `episodes` BEGIN
  INSERT INTO `episode_search` (rowid, `title`) VALUES (new.rowid, new.`title`);
  INSERT INTO `table_stats` (`organization_id`, `table_name`, `row_count`) VALUES (new.`organization_id`, 'episodes', 1)
    ON CONFLICT (`organization_id`, `table_name`) DO UPDATE SET `row_count` = `row_count` + 1;
END;

CREATE TRIGGER `episodes_after_delete` AFTER DELETE ON `episodes` BEGIN
  INSERT INTO `episode_search` (`episode_search`, rowid, `title`) VALUES ('delete', old.rowid, old.`title`);
  UPDATE `table_stats` SET `row_count` = `row_count` - 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'episodes';
END;

CREATE TRIGGER `episodes_after_search_update` AFTER UPDATE OF `title` ON `episodes` WHEN old.`title` IS NOT new.`title` BEGIN
  INSERT INTO `episode_search` (`episode_search`, rowid, `title`) VALUES ('delete', old.rowid, old.`title`);
  INSERT INTO `episode_search` (rowid, `title`) VALUES (new.rowid, new.`title`);
END;

CREATE TRIGGER `video_title_groups_after_insert` AFTER INSERT ON `video_title_groups` BEGIN
  UPDATE `table_stats` SET `title_groups` = `title_groups` + 1 WHERE `organization_id` = new.`organization_id` AND `table_name` = 'videos';
END;

CREATE TRIGGER `video_title_groups_after_delete` AFTER DELETE ON `video_title_groups` BEGIN
  UPDATE `table_stats` SET `title_groups` = `title_groups` - 1 WHERE `organization_id` = old.`organization_id` AND `table_name` = 'videos';
END;

CREATE INDEX `ingestion_jobs_status_lease` ON `ingestion_jobs` (`status`,`lease_expires_at`);

CREATE TABLE `youtube_channel_daily` (
	`connection_key` integer NOT NULL,
	`day` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`watch_minutes` integer DEFAULT 0 NOT NULL,
	`average_view_duration` integer DEFAULT 0 NOT NULL,
	`subscribers_gained` integer DEFAULT 0 NOT NULL,
	`subscribers_lost` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`connection_key`, `day`),
	FOREIGN KEY (`connection_key`) REFERENCES `youtube_owner_connections`(`key`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;

CREATE TABLE `youtube_owner_connections` (
	`key` integer PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`google_email` text NOT NULL,
	`refresh_token_ciphertext` text NOT NULL,
	`scopes` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`last_error` text,
	`connected_by_user_id` text,
	`reporting_job_id` text,
	`complete_through_day` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `youtube_owner_connections_channel_id_unique` ON `youtube_owner_connections` (`channel_id`);

CREATE TABLE `youtube_owner_videos` (
	`key` integer PRIMARY KEY NOT NULL,
	`connection_key` integer NOT NULL,
	`video_id` text NOT NULL,
	`backfilled_at` integer,
	FOREIGN KEY (`connection_key`) REFERENCES `youtube_owner_connections`(`key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `youtube_owner_videos_video_id_unique` ON `youtube_owner_videos` (`video_id`);

CREATE INDEX `youtube_owner_videos_connection` ON `youtube_owner_videos` (`connection_key`,`backfilled_at`);

CREATE TABLE `youtube_video_daily` (
	`video_key` integer NOT NULL,
	`day` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`watch_minutes` integer DEFAULT 0 NOT NULL,
	`average_view_duration` integer DEFAULT 0 NOT NULL,
	`subscribers_gained` integer DEFAULT 0 NOT NULL,
	`subscribers_lost` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`video_key`, `day`),
	FOREIGN KEY (`video_key`) REFERENCES `youtube_owner_videos`(`key`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;

CREATE INDEX `youtube_owner_connections_organization` ON `youtube_owner_connections` (`organization_id`);

CREATE INDEX `channels_by_watch_minutes` ON `channels` (`organization_id`,`watch_minutes`);

CREATE INDEX `channels_by_average_view_duration` ON `channels` (`organization_id`,`average_view_duration`);

CREATE INDEX `videos_by_watch_minutes` ON `videos` (`organization_id`,`watch_minutes`);

CREATE INDEX `videos_by_average_view_duration` ON `videos` (`organization_id`,`average_view_duration`);

CREATE UNIQUE INDEX `videos_key_unique` ON `videos` (`key`);

CREATE TRIGGER `videos_after_insert_key` AFTER INSERT ON `videos` WHEN new.`key` IS NULL BEGIN
  UPDATE `videos` SET `key` = (SELECT coalesce(max(`key`), 0) + 1 FROM `videos`) WHERE rowid = new.rowid;
END;

CREATE UNIQUE INDEX `episodes_key_unique` ON `episodes` (`key`);

CREATE TRIGGER `episodes_after_insert_key` AFTER INSERT ON `episodes` WHEN new.`key` IS NULL BEGIN
  UPDATE `episodes` SET `key` = (SELECT coalesce(max(`key`), 0) + 1 FROM `episodes`) WHERE rowid = new.rowid;
END;

CREATE TABLE "video_metrics" (
	`video_key` integer NOT NULL,
	`captured_at` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`comments` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`video_key`, `captured_at`),
	FOREIGN KEY (`video_key`) REFERENCES `videos`(`key`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;

CREATE TABLE "episode_metrics" (
	`episode_key` integer NOT NULL,
	`day` integer NOT NULL,
	`downloads` integer DEFAULT 0 NOT NULL,
	`cumulative_downloads` integer DEFAULT 0 NOT NULL,
	`unique_listeners` integer,
	PRIMARY KEY(`episode_key`, `day`),
	FOREIGN KEY (`episode_key`) REFERENCES `episodes`(`key`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
