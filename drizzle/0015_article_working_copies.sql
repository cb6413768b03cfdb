CREATE TABLE `article_working_copies` (
	`article_id` integer PRIMARY KEY NOT NULL,
	`fields` text NOT NULL,
	`base_revision` text NOT NULL,
	`saved_at` integer NOT NULL,
	`saved_by` integer
);
