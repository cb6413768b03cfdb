CREATE TABLE "imported_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"local_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
