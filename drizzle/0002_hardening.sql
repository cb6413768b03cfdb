-- Reading time is kept in milliseconds, the unit the original front end sends and shows.
ALTER TABLE `article_stats` RENAME COLUMN `reading_seconds` TO `reading_ms`;--> statement-breakpoint
UPDATE `article_stats` SET `reading_ms` = `reading_ms` * 1000;--> statement-breakpoint
CREATE TABLE `known_logins` (
	`user_id` integer NOT NULL,
	`place` text NOT NULL,
	`last_seen_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`user_id`, `place`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`path` text NOT NULL,
	`user_id` integer NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_path_unique` ON `uploads` (`path`);--> statement-breakpoint
CREATE INDEX `uploads_user_created_idx` ON `uploads` (`user_id`,`created_at`);
