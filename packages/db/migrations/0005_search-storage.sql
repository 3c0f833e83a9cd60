-- Two changes that make a search cheaper to read, with the same results.
--
-- 1. Relevance ranks the newest matches by their word vectors. Stored the default way, a vector
--    (about 2 KB) is moved out of the row into the TOAST table, so ranking 500 candidates read
--    five pages each (the row, the TOAST index, two chunks). MAIN keeps the vector in the row
--    (compressed if need be) while the text columns move out first: one page per candidate.
--    Rows written from now on are stored this way; older ones move when next written (or at once
--    with `VACUUM FULL articles`, which cannot run inside a migration).
-- 2. The misspelling lookup asks for the few known words closest to a query word. A GiST trigram
--    index answers that by walking the closest entries first; the planner often preferred reading
--    the whole term list over the GIN index, comparing trigrams with every term.
ALTER TABLE "articles" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
DROP INDEX "search_terms_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gist ("term" gist_trgm_ops);
