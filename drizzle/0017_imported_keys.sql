CREATE TABLE `imported_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`local_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
