-- A card's reading time kept in the row (schema: articles.cardMinutes): every list and related
-- card reads it, and counting each body's characters on every read (a regular expression over
-- the whole body, for characters past U+FFFF that JavaScript counts twice) was a third of the
-- cost of reading six cards.
ALTER TABLE "articles" ADD COLUMN "card_minutes" integer GENERATED ALWAYS AS (greatest(1, ceil((2 * char_length("content") - char_length(regexp_replace("content", '[\U00010000-\U0010FFFF]', '', 'g')))::numeric / 1000))::int) STORED NOT NULL;
