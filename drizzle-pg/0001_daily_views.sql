-- Each day's counted article views, as drizzle/0009_daily_views.sql keeps them on SQLite. The site's day is Asia/Shanghai, UTC+8 with no daylight saving.
CREATE FUNCTION "article_views_daily"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "daily_views" ("day", "views")
  VALUES (to_char(now() AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD'),
          NEW."views" - CASE WHEN TG_OP = 'UPDATE' THEN OLD."views" ELSE 0 END)
  ON CONFLICT ("day") DO UPDATE SET "views" = "daily_views"."views" + excluded."views";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "article_views_daily_insert" AFTER INSERT ON "article_stats"
  FOR EACH ROW WHEN (NEW."views" > 0) EXECUTE FUNCTION "article_views_daily"();
--> statement-breakpoint
CREATE TRIGGER "article_views_daily_update" AFTER UPDATE OF "views" ON "article_stats"
  FOR EACH ROW WHEN (NEW."views" > OLD."views") EXECUTE FUNCTION "article_views_daily"();
