-- An editor's correction of the text an article's podcast reads: used by every podcast made
-- after it until it is removed; based_on is the hash of the text made from the article then.
CREATE TABLE "article_speech_texts" (
	"article_id" integer PRIMARY KEY NOT NULL REFERENCES "articles"("id") ON DELETE cascade,
	"text" text NOT NULL,
	"based_on" varchar(64) NOT NULL,
	"updated_by" varchar(80),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
