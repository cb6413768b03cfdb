CREATE TABLE "site_builds" (
	"name" text PRIMARY KEY NOT NULL,
	"wanted_at" bigint DEFAULT 0 NOT NULL,
	"covered_at" bigint DEFAULT 0 NOT NULL,
	"builder" text DEFAULT '' NOT NULL,
	"lease_until" bigint DEFAULT 0 NOT NULL,
	"state" text
);
