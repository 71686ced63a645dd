ALTER TABLE `channels` ADD `subscribers_hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `ingestion_jobs` ADD `lease_expires_at` integer;--> statement-breakpoint
CREATE INDEX `ingestion_jobs_status_lease` ON `ingestion_jobs` (`status`,`lease_expires_at`);--> statement-breakpoint
ALTER TABLE `channel_metrics` ADD `subscribers_hidden` integer DEFAULT false NOT NULL;