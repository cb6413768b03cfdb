CREATE TABLE `site_builds` (
	`name` text PRIMARY KEY NOT NULL,
	`wanted_at` integer DEFAULT 0 NOT NULL,
	`covered_at` integer DEFAULT 0 NOT NULL,
	`builder` text DEFAULT '' NOT NULL,
	`lease_until` integer DEFAULT 0 NOT NULL,
	`state` text
);
