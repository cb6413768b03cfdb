CREATE TABLE `content_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`content_id` integer NOT NULL,
	`source` text NOT NULL,
	`saved_at` integer NOT NULL,
	`saved_by` integer
);
--> statement-breakpoint
CREATE INDEX `content_versions_content_idx` ON `content_versions` (`kind`,`content_id`,`saved_at`);