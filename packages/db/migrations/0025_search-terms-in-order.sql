-- Articles written at the same time that share words no article had before (ingest writes
-- several posts at once) inserted those words into search_terms in whatever order DISTINCT gave
-- them, so two writers could each hold a word the other was waiting for: PostgreSQL ended one
-- with "deadlock detected" and that post's ingest failed. In one order (the terms sorted), the
-- later writer waits for the earlier one and never the other way round.
CREATE OR REPLACE FUNCTION chapar_collect_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
    SELECT DISTINCT t FROM unnest(tsvector_to_array(NEW.search_vector)) AS t
    WHERE length(t) BETWEEN 2 AND 60
    ORDER BY t
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
