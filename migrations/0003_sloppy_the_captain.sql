CREATE TABLE `board_connections` (
	`user_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`preview_id` text NOT NULL,
	`last_ticket_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `preview_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `board_connections_org` ON `board_connections` (`organization_id`);--> statement-breakpoint
CREATE INDEX `board_connections_ticket` ON `board_connections` (`last_ticket_at`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text DEFAULT 'standard' NOT NULL,
	`display_name` text,
	`invited_by_user_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_account` integer DEFAULT false NOT NULL,
	`expires_at` integer NOT NULL,
	`last_sent_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_org_email` ON `invitations` (`organization_id`,`email`);--> statement-breakpoint
CREATE INDEX `invitations_email_status` ON `invitations` (`email`,`status`);--> statement-breakpoint
ALTER TABLE `user_organizations` ADD `display_name` text;--> statement-breakpoint
ALTER TABLE `user_organizations` ADD `last_used_at` integer;