-- The directory of content databases (issue 17, docs/content-databases.md), drizzle-kit's output
-- plus the last statement: every organisation that exists before the split keeps its content in
-- the primary database (binding "DB") until it is moved.
CREATE TABLE `content_database_sizes` (
	`binding` text PRIMARY KEY NOT NULL,
	`bytes` integer NOT NULL,
	`measured_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `organization_databases` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`binding` text NOT NULL,
	`moving_to` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `organization_databases_binding` ON `organization_databases` (`binding`);
--> statement-breakpoint
INSERT INTO `organization_databases` (`organization_id`, `binding`, `updated_at`)
SELECT `id`, 'DB', CAST(strftime('%s', 'now') AS integer) * 1000 FROM `organizations`;
