CREATE TABLE `auth_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_attempts_key_kind_created` ON `auth_attempts` (`key`,`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `auth_attempts_created` ON `auth_attempts` (`created_at`);--> statement-breakpoint
CREATE TABLE `auth_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_tokens_token_hash_unique` ON `auth_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `auth_tokens_user_kind` ON `auth_tokens` (`user_id`,`kind`);--> statement-breakpoint
CREATE INDEX `auth_tokens_expires` ON `auth_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`family_id` text NOT NULL,
	`refresh_token_hash` text NOT NULL,
	`rotated_at` integer,
	`revoked_at` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`user_agent` text,
	`ip` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_refresh_token_hash_unique` ON `sessions` (`refresh_token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_family` ON `sessions` (`family_id`);--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`avatar_key` text,
	`phone_number` text,
	`password_hash` text NOT NULL,
	`temporary_password_hash` text,
	`email_confirmed_at` integer,
	`is_new_user` integer DEFAULT false NOT NULL,
	`is_password_reset` integer DEFAULT false NOT NULL,
	`has_temporary_password` integer DEFAULT false NOT NULL,
	`password_expires_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`actor_user_id` text,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text,
	`details` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_org_created` ON `audit_log` (`organization_id`,`created_at`);--> statement-breakpoint
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
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connected_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `google_connections_organization_id_unique` ON `google_connections` (`organization_id`);--> statement-breakpoint
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
--> statement-breakpoint
CREATE UNIQUE INDEX `integrations_org_type` ON `integrations` (`organization_id`,`type`);--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`logo_key` text,
	`timezone` text DEFAULT 'America/Los_Angeles' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_organizations` (
	`user_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`role` text DEFAULT 'standard' NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `organization_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_organizations_org_role` ON `user_organizations` (`organization_id`,`role`);--> statement-breakpoint
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
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channels_org_external` ON `channels` (`organization_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `channels_org_last_updated` ON `channels` (`organization_id`,`last_updated`);--> statement-breakpoint
CREATE INDEX `channels_org_title` ON `channels` (`organization_id`,`title`);--> statement-breakpoint
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
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`show_id`) REFERENCES `shows`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `episodes_org_external` ON `episodes` (`organization_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `episodes_org_show_publish` ON `episodes` (`organization_id`,`show_id`,`publish_date`);--> statement-breakpoint
CREATE INDEX `episodes_org_publish` ON `episodes` (`organization_id`,`publish_date`);--> statement-breakpoint
CREATE INDEX `episodes_org_season` ON `episodes` (`organization_id`,`season_number`);--> statement-breakpoint
CREATE INDEX `episodes_org_downloads` ON `episodes` (`organization_id`,`total_downloads_global`);--> statement-breakpoint
CREATE INDEX `episodes_org_title` ON `episodes` (`organization_id`,`title`);--> statement-breakpoint
CREATE INDEX `episodes_show` ON `episodes` (`show_id`);--> statement-breakpoint
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
--> statement-breakpoint
CREATE UNIQUE INDEX `shows_org_external` ON `shows` (`organization_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `shows_org_last_updated` ON `shows` (`organization_id`,`last_updated`);--> statement-breakpoint
CREATE INDEX `shows_org_title` ON `shows` (`organization_id`,`title`);--> statement-breakpoint
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
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `videos_org_external` ON `videos` (`organization_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `videos_org_channel_publish` ON `videos` (`organization_id`,`channel_id`,`publish_date`);--> statement-breakpoint
CREATE INDEX `videos_org_publish` ON `videos` (`organization_id`,`publish_date`);--> statement-breakpoint
CREATE INDEX `videos_org_views` ON `videos` (`organization_id`,`views`);--> statement-breakpoint
CREATE INDEX `videos_org_trailing_1w` ON `videos` (`organization_id`,`trailing_1w_views`);--> statement-breakpoint
CREATE INDEX `videos_org_title` ON `videos` (`organization_id`,`title`);--> statement-breakpoint
CREATE INDEX `videos_channel` ON `videos` (`channel_id`);--> statement-breakpoint
CREATE TABLE `channel_metrics` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`date` text NOT NULL,
	`subscriber_count` integer DEFAULT 0 NOT NULL,
	`total_views` integer DEFAULT 0 NOT NULL,
	`video_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channel_metrics_channel_date` ON `channel_metrics` (`channel_id`,`date`);--> statement-breakpoint
CREATE INDEX `channel_metrics_org_date` ON `channel_metrics` (`organization_id`,`date`);--> statement-breakpoint
CREATE TABLE `episode_metrics` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`episode_id` text NOT NULL,
	`date` text NOT NULL,
	`downloads` integer DEFAULT 0 NOT NULL,
	`cumulative_downloads` integer DEFAULT 0 NOT NULL,
	`unique_listeners` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`episode_id`) REFERENCES `episodes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `episode_metrics_episode_date` ON `episode_metrics` (`episode_id`,`date`);--> statement-breakpoint
CREATE INDEX `episode_metrics_org_date` ON `episode_metrics` (`organization_id`,`date`);--> statement-breakpoint
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
--> statement-breakpoint
CREATE UNIQUE INDEX `show_metrics_show_date` ON `show_metrics` (`show_id`,`date`);--> statement-breakpoint
CREATE INDEX `show_metrics_org_date` ON `show_metrics` (`organization_id`,`date`);--> statement-breakpoint
CREATE TABLE `video_metrics` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`video_id` text NOT NULL,
	`captured_at` integer NOT NULL,
	`date` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`comments` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `video_metrics_video_captured` ON `video_metrics` (`video_id`,`captured_at`);--> statement-breakpoint
CREATE INDEX `video_metrics_video_date` ON `video_metrics` (`video_id`,`date`);--> statement-breakpoint
CREATE INDEX `video_metrics_org_date` ON `video_metrics` (`organization_id`,`date`);--> statement-breakpoint
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
	`finished_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ingestion_jobs_org_created` ON `ingestion_jobs` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ingestion_jobs_org_status` ON `ingestion_jobs` (`organization_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `ingestion_jobs_dedupe` ON `ingestion_jobs` (`dedupe_key`);--> statement-breakpoint
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
--> statement-breakpoint
CREATE INDEX `persistent_sheets_org_platform_created` ON `persistent_sheets` (`organization_id`,`platform`,`created_at`);--> statement-breakpoint
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
--> statement-breakpoint
CREATE UNIQUE INDEX `report_files_r2_key_unique` ON `report_files` (`r2_key`);--> statement-breakpoint
CREATE INDEX `report_files_report` ON `report_files` (`report_id`);--> statement-breakpoint
CREATE INDEX `report_files_org_created` ON `report_files` (`organization_id`,`created_at`);--> statement-breakpoint
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
	FOREIGN KEY (`persistent_sheet_id`) REFERENCES `persistent_sheets`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `report_schedules_org_platform_created` ON `report_schedules` (`organization_id`,`platform`,`created_at`);--> statement-breakpoint
CREATE INDEX `report_schedules_active_time` ON `report_schedules` (`is_active`,`scheduled_time`);--> statement-breakpoint
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
	FOREIGN KEY (`persistent_sheet_id`) REFERENCES `persistent_sheets`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reports_org_platform_created` ON `reports` (`organization_id`,`platform`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_org_created` ON `reports` (`organization_id`,`created_at`);--> statement-breakpoint
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
--> statement-breakpoint
CREATE UNIQUE INDEX `schedule_runs_schedule_slot` ON `schedule_runs` (`schedule_id`,`slot`);--> statement-breakpoint
CREATE INDEX `schedule_runs_org_created` ON `schedule_runs` (`organization_id`,`created_at`);--> statement-breakpoint
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
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `multi_channel_previews_org_created` ON `multi_channel_previews` (`organization_id`,`created_at`);--> statement-breakpoint
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
--> statement-breakpoint
CREATE INDEX `preview_matches_preview_confidence` ON `preview_matches` (`preview_id`,`confidence_score`);--> statement-breakpoint
CREATE INDEX `preview_matches_org` ON `preview_matches` (`organization_id`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`provider_message_id` text,
	`error_message` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `email_outbox_created` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_to` ON `email_outbox` (`to_address`,`created_at`);