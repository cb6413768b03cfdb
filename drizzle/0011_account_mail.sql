CREATE TABLE `account_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`email` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_tokens_token_hash_unique` ON `account_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `account_tokens_user_idx` ON `account_tokens` (`user_id`,`purpose`,`created_at`);--> statement-breakpoint
ALTER TABLE `notifications` ADD `mail` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `mailed_at` integer;--> statement-breakpoint
CREATE INDEX `notifications_mail_idx` ON `notifications` (`mailed_at`) WHERE "notifications"."mail" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `email` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `mail_on_reply` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `mail_on_owner_events` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `users_verified_email_unique` ON `users` (lower("email")) WHERE "users"."email_verified_at" IS NOT NULL;