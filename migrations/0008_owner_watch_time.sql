ALTER TABLE `channels` ADD `watch_minutes` integer;--> statement-breakpoint
ALTER TABLE `channels` ADD `average_view_duration` integer;--> statement-breakpoint
CREATE INDEX `channels_by_watch_minutes` ON `channels` (`organization_id`,`watch_minutes`);--> statement-breakpoint
CREATE INDEX `channels_by_average_view_duration` ON `channels` (`organization_id`,`average_view_duration`);--> statement-breakpoint
ALTER TABLE `videos` ADD `watch_minutes` integer;--> statement-breakpoint
ALTER TABLE `videos` ADD `average_view_duration` integer;--> statement-breakpoint
CREATE INDEX `videos_by_watch_minutes` ON `videos` (`organization_id`,`watch_minutes`);--> statement-breakpoint
CREATE INDEX `videos_by_average_view_duration` ON `videos` (`organization_id`,`average_view_duration`);