CREATE TABLE `daily_views` (
	`day` text PRIMARY KEY NOT NULL,
	`views` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The site's day is Asia/Shanghai, UTC+8 with no daylight saving.
CREATE TRIGGER `article_views_daily_insert` AFTER INSERT ON `article_stats` WHEN NEW.`views` > 0 BEGIN
  INSERT INTO `daily_views` (`day`, `views`) VALUES (date('now', '+8 hours'), NEW.`views`)
  ON CONFLICT (`day`) DO UPDATE SET `views` = `views` + excluded.`views`;
END;
--> statement-breakpoint
CREATE TRIGGER `article_views_daily_update` AFTER UPDATE OF `views` ON `article_stats` WHEN NEW.`views` > OLD.`views` BEGIN
  INSERT INTO `daily_views` (`day`, `views`) VALUES (date('now', '+8 hours'), NEW.`views` - OLD.`views`)
  ON CONFLICT (`day`) DO UPDATE SET `views` = `views` + excluded.`views`;
END;
