-- Tokens for the publication date and the category, indexed beside the article's words, so a
-- search can be narrowed to a range of days (and one category) inside the GIN index instead of
-- reading every match of a common word from the table. Dates come at three sizes, so any range
-- of days is a handful of tokens: `day N` (UTC days since 1970), `week N` (7 days from day 7N)
-- and `weeks8 N` (56 days from day 56N). A space never occurs in a word the text parser makes,
-- so no search can match these tokens by accident; the column itself (ranking, the term list)
-- is unchanged. The epoch is zone-free, so the function is truly immutable.
CREATE OR REPLACE FUNCTION chapar_search_facets(published_at timestamptz, category text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_tsvector(ARRAY[
    'day ' || floor(extract(epoch FROM published_at) / 86400)::bigint,
    'week ' || floor(extract(epoch FROM published_at) / (86400 * 7))::bigint,
    'weeks8 ' || floor(extract(epoch FROM published_at) / (86400 * 56))::bigint,
    'category ' || category]) $$;--> statement-breakpoint
DROP INDEX "articles_search_vector_idx";--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin (("search_vector" || chapar_search_facets("published_at", "category")));
