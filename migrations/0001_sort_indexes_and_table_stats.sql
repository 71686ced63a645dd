CREATE TABLE `table_stats` (
	`organization_id` text NOT NULL,
	`table_name` text NOT NULL,
	`row_count` integer DEFAULT 0 NOT NULL,
	`title_groups` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`organization_id`, `table_name`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `video_title_groups` (
	`organization_id` text NOT NULL,
	`title_key` text NOT NULL,
	`members` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `title_key`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `channels_org_last_updated`;--> statement-breakpoint
DROP INDEX `channels_org_title`;--> statement-breakpoint
CREATE INDEX `channels_by_title` ON `channels` (`organization_id`,`title`);--> statement-breakpoint
CREATE INDEX `channels_by_subscriber_count` ON `channels` (`organization_id`,`subscriber_count`);--> statement-breakpoint
CREATE INDEX `channels_by_total_views` ON `channels` (`organization_id`,`total_views`);--> statement-breakpoint
CREATE INDEX `channels_by_video_count` ON `channels` (`organization_id`,`video_count`);--> statement-breakpoint
CREATE INDEX `channels_by_last_updated` ON `channels` (`organization_id`,`last_updated`);--> statement-breakpoint
CREATE INDEX `channels_by_trailing_1d_views` ON `channels` (`organization_id`,`trailing_1d_views`);--> statement-breakpoint
CREATE INDEX `channels_by_trailing_1w_views` ON `channels` (`organization_id`,`trailing_1w_views`);--> statement-breakpoint
CREATE INDEX `channels_by_trailing_1m_views` ON `channels` (`organization_id`,`trailing_1m_views`);--> statement-breakpoint
CREATE INDEX `channels_by_trailing_1y_views` ON `channels` (`organization_id`,`trailing_1y_views`);--> statement-breakpoint
DROP INDEX `episodes_org_publish`;--> statement-breakpoint
DROP INDEX `episodes_org_season`;--> statement-breakpoint
DROP INDEX `episodes_org_downloads`;--> statement-breakpoint
DROP INDEX `episodes_org_title`;--> statement-breakpoint
CREATE INDEX `episodes_by_title` ON `episodes` (`organization_id`,`title`);--> statement-breakpoint
CREATE INDEX `episodes_by_total_downloads_global` ON `episodes` (`organization_id`,`total_downloads_global`);--> statement-breakpoint
CREATE INDEX `episodes_by_season_number` ON `episodes` (`organization_id`,`season_number`);--> statement-breakpoint
CREATE INDEX `episodes_by_duration_seconds` ON `episodes` (`organization_id`,`duration_seconds`);--> statement-breakpoint
CREATE INDEX `episodes_by_publish_date` ON `episodes` (`organization_id`,`publish_date`);--> statement-breakpoint
CREATE INDEX `episodes_by_first_24h_downloads` ON `episodes` (`organization_id`,`first_24h_downloads`);--> statement-breakpoint
CREATE INDEX `episodes_by_first_48h_downloads` ON `episodes` (`organization_id`,`first_48h_downloads`);--> statement-breakpoint
CREATE INDEX `episodes_by_first_7d_downloads` ON `episodes` (`organization_id`,`first_7d_downloads`);--> statement-breakpoint
CREATE INDEX `episodes_by_trailing_1d_downloads` ON `episodes` (`organization_id`,`trailing_1d_downloads`);--> statement-breakpoint
CREATE INDEX `episodes_by_trailing_1w_downloads` ON `episodes` (`organization_id`,`trailing_1w_downloads`);--> statement-breakpoint
CREATE INDEX `episodes_by_trailing_1y_downloads` ON `episodes` (`organization_id`,`trailing_1y_downloads`);--> statement-breakpoint
DROP INDEX `shows_org_last_updated`;--> statement-breakpoint
DROP INDEX `shows_org_title`;--> statement-breakpoint
CREATE INDEX `shows_by_title` ON `shows` (`organization_id`,`title`);--> statement-breakpoint
CREATE INDEX `shows_by_total_downloads_global` ON `shows` (`organization_id`,`total_downloads_global`);--> statement-breakpoint
CREATE INDEX `shows_by_total_episodes` ON `shows` (`organization_id`,`total_episodes`);--> statement-breakpoint
CREATE INDEX `shows_by_last_updated` ON `shows` (`organization_id`,`last_updated`);--> statement-breakpoint
CREATE INDEX `shows_by_trailing_1d_downloads` ON `shows` (`organization_id`,`trailing_1d_downloads`);--> statement-breakpoint
CREATE INDEX `shows_by_trailing_1w_downloads` ON `shows` (`organization_id`,`trailing_1w_downloads`);--> statement-breakpoint
CREATE INDEX `shows_by_trailing_1y_downloads` ON `shows` (`organization_id`,`trailing_1y_downloads`);--> statement-breakpoint
DROP INDEX `videos_org_publish`;--> statement-breakpoint
DROP INDEX `videos_org_views`;--> statement-breakpoint
DROP INDEX `videos_org_trailing_1w`;--> statement-breakpoint
DROP INDEX `videos_org_title`;--> statement-breakpoint
CREATE INDEX `videos_by_title` ON `videos` (`organization_id`,`title`);--> statement-breakpoint
CREATE INDEX `videos_by_views` ON `videos` (`organization_id`,`views`);--> statement-breakpoint
CREATE INDEX `videos_by_likes` ON `videos` (`organization_id`,`likes`);--> statement-breakpoint
CREATE INDEX `videos_by_comments` ON `videos` (`organization_id`,`comments`);--> statement-breakpoint
CREATE INDEX `videos_by_publish_date` ON `videos` (`organization_id`,`publish_date`);--> statement-breakpoint
CREATE INDEX `videos_by_last_updated` ON `videos` (`organization_id`,`last_updated`);--> statement-breakpoint
CREATE INDEX `videos_by_first_24h_views` ON `videos` (`organization_id`,`first_24h_views`);--> statement-breakpoint
CREATE INDEX `videos_by_first_48h_views` ON `videos` (`organization_id`,`first_48h_views`);--> statement-breakpoint
CREATE INDEX `videos_by_first_7d_views` ON `videos` (`organization_id`,`first_7d_views`);--> statement-breakpoint
CREATE INDEX `videos_by_trailing_1d_views` ON `videos` (`organization_id`,`trailing_1d_views`);--> statement-breakpoint
CREATE INDEX `videos_by_trailing_1w_views` ON `videos` (`organization_id`,`trailing_1w_views`);--> statement-breakpoint
CREATE INDEX `videos_by_trailing_1m_views` ON `videos` (`organization_id`,`trailing_1m_views`);--> statement-breakpoint
CREATE INDEX `videos_by_trailing_1y_views` ON `videos` (`organization_id`,`trailing_1y_views`);