-- A counter of changes to what chooses an article's related articles (which articles are
-- published, their category, keywords and time). The server keeps the newest articles'
-- categories and keywords in memory to choose related articles without scoring hundreds of rows
-- in the database on every article page; it reads this counter with each article and reads the
-- newest articles again when it has moved, whichever process made the change.
CREATE TABLE "related_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "related_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION chapar_related_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO related_version (id, version) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET version = related_version.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER articles_related_version AFTER INSERT OR DELETE OR UPDATE OF status, category, keywords, published_at ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION chapar_related_version_bump();
--> statement-breakpoint
CREATE TRIGGER articles_related_version_truncate AFTER TRUNCATE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION chapar_related_version_bump();
