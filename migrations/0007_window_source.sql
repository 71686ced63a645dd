ALTER TABLE `channels` ADD `window_source` text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE `videos` ADD `window_source` text DEFAULT 'public' NOT NULL;