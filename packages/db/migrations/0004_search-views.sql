-- A views token beside the date and category tokens of 0003: `views N` for
-- N = floor(4 * log2(views + 1)), four steps to each doubling, so "most viewed" reads the articles
-- of the top steps first instead of every match. A view is a non-HOT update of the row already
-- (views is indexed), so the GIN index is written for it either way; the token adds no writes.
-- Only built-in functions here: index maintenance runs with a search path of pg_catalog.
CREATE OR REPLACE FUNCTION chapar_search_facets(published_at timestamptz, category text, views integer) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_tsvector(ARRAY[
    'day ' || floor(extract(epoch FROM published_at) / 86400)::bigint,
    'week ' || floor(extract(epoch FROM published_at) / (86400 * 7))::bigint,
    'weeks8 ' || floor(extract(epoch FROM published_at) / (86400 * 56))::bigint,
    'category ' || category,
    'views ' || floor(4 * log(2, greatest(views, 0)::numeric + 1))::integer]) $$;--> statement-breakpoint
DROP INDEX "articles_search_idx";--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin (("search_vector" || chapar_search_facets("published_at", "category", "views")));--> statement-breakpoint
DROP FUNCTION chapar_search_facets(timestamptz, text);
