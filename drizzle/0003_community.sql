CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` integer NOT NULL,
	`for_id` integer NOT NULL,
	`parent_id` integer,
	`user_id` integer NOT NULL,
	`to_user_id` integer,
	`content` text NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `comments_target_idx` ON `comments` (`type`,`for_id`,`parent_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`message` text NOT NULL,
	`color` text DEFAULT '' NOT NULL,
	`font_size` text DEFAULT '' NOT NULL,
	`font_weight` text DEFAULT '' NOT NULL,
	`bg_color` text DEFAULT '' NOT NULL,
	`bg_url` text DEFAULT '' NOT NULL,
	`tag` text DEFAULT '' NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_created_idx` ON `messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `messages_tag_idx` ON `messages` (`tag`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_user_idx` ON `messages` (`user_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`message` text NOT NULL,
	`type` integer NOT NULL,
	`to_id` integer NOT NULL,
	`viewed` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`viewed`,`created_at`);--> statement-breakpoint
CREATE TABLE `talk_stats` (
	`talk_id` integer PRIMARY KEY NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Roles become the numbers the original front end reads (1 admin, 2 user). Changed in place, not by
-- rebuilding the table: dropping `users` would cascade to every session, known place and upload.
ALTER TABLE `users` ADD `role_code` integer DEFAULT 2 NOT NULL;--> statement-breakpoint
UPDATE `users` SET `role_code` = CASE `role` WHEN 'admin' THEN 1 ELSE 2 END;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `role`;--> statement-breakpoint
ALTER TABLE `users` RENAME COLUMN `role_code` TO `role`;
