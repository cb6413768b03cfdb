CREATE TABLE `article_stats` (
	`article_id` integer PRIMARY KEY NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`reading_seconds` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `article_stats_views_idx` ON `article_stats` (`views`);--> statement-breakpoint
CREATE TABLE `likes` (
	`type` text NOT NULL,
	`target_id` integer NOT NULL,
	`actor` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`type`, `target_id`, `actor`)
);
--> statement-breakpoint
CREATE TABLE `site_stats` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
