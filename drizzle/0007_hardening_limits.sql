CREATE TABLE `license_deactivations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`license_id` integer NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`license_id`) REFERENCES `licenses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `license_deactivations_license_at_idx` ON `license_deactivations` (`license_id`,`at`);--> statement-breakpoint
ALTER TABLE `comments` ADD `ip_location` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `ip_location` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `uploads` ADD `address` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `uploads_address_created_idx` ON `uploads` (`address`,`created_at`);