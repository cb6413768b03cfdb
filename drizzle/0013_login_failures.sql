CREATE TABLE `login_failures` (
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`entry` text NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `key`)
);
--> statement-breakpoint
CREATE INDEX `login_failures_expires_idx` ON `login_failures` (`expires_at`);