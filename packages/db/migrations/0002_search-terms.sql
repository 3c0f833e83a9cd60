CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "articles_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION chapar_collect_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
    SELECT DISTINCT t FROM unnest(tsvector_to_array(NEW.search_vector)) AS t
    WHERE length(t) BETWEEN 2 AND 60
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER articles_collect_search_terms AFTER INSERT OR UPDATE OF search_title, search_body ON articles
  FOR EACH ROW EXECUTE FUNCTION chapar_collect_search_terms();--> statement-breakpoint
INSERT INTO search_terms (term)
  SELECT DISTINCT t FROM articles, unnest(tsvector_to_array(search_vector)) AS t
  WHERE length(t) BETWEEN 2 AND 60
ON CONFLICT DO NOTHING;
