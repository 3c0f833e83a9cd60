-- A deleted article's readers' events (views, shares, reading time) stay while it can be restored
-- from the deleted articles; the purge that removes it for good removes them too.
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_article_id_articles_id_fk";
