CREATE TABLE `guest_addresses` (
	`email` text PRIMARY KEY NOT NULL,
	`token_hash` text,
	`asked_at` integer,
	`confirmed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guest_addresses_token_hash_unique` ON `guest_addresses` (`token_hash`);