CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` integer NOT NULL,
	`for_id` integer NOT NULL,
	`parent_id` integer,
	`user_id` integer,
	`to_user_id` integer,
	`to_guest_name` text,
	`to_comment_id` integer,
	`guest_name` text,
	`guest_email` text,
	`guest_site` text,
	`guest_device` text,
	`content` text NOT NULL,
	`held` integer DEFAULT false NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`ip_location` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_comments`("id", "type", "for_id", "parent_id", "user_id", "to_user_id", "content", "likes", "hidden", "ip_location", "created_at") SELECT "id", "type", "for_id", "parent_id", "user_id", "to_user_id", "content", "likes", "hidden", "ip_location", "created_at" FROM `comments`;--> statement-breakpoint
DROP TABLE `comments`;--> statement-breakpoint
ALTER TABLE `__new_comments` RENAME TO `comments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `comments_target_idx` ON `comments` (`type`,`for_id`,`parent_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_held_idx` ON `comments` (`held`) WHERE "comments"."held" = 1;--> statement-breakpoint
CREATE INDEX `comments_user_idx` ON `comments` (`user_id`);