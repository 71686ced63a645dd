-- Edited by hand after drizzle-kit generate: the two daily tables are WITHOUT ROWID (issue 17's
-- compact layout); drizzle-kit has no way to say so.
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
--> statement-breakpoint
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
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connected_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `youtube_owner_connections_channel_id_unique` ON `youtube_owner_connections` (`channel_id`);--> statement-breakpoint
CREATE TABLE `youtube_owner_videos` (
	`key` integer PRIMARY KEY NOT NULL,
	`connection_key` integer NOT NULL,
	`video_id` text NOT NULL,
	`backfilled_at` integer,
	FOREIGN KEY (`connection_key`) REFERENCES `youtube_owner_connections`(`key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `youtube_owner_videos_video_id_unique` ON `youtube_owner_videos` (`video_id`);--> statement-breakpoint
CREATE INDEX `youtube_owner_videos_connection` ON `youtube_owner_videos` (`connection_key`,`backfilled_at`);--> statement-breakpoint
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
