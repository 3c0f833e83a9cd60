-- The columns every article card, list and article page reads stay in the row.
--
-- Migration 0005 keeps the word vector in the row (STORAGE MAIN) so that ranking reads one page
-- per article. An article's row is then more than PostgreSQL's 2 KB target with the vector alone,
-- so the text columns are moved out of it, short ones too: in the demo site's 45 articles the
-- title, excerpt, image description and keywords of every article, and most slugs, were in the
-- TOAST table. Each card then read four or five values through the TOAST index: the home page's
-- newest six read 138 pages for 6 rows, and its list statement took 1.17 ms in PGlite.
-- With these columns MAIN too, only the long ones (the body, the search text, the description)
-- move out: 6 pages, 0.89 ms, and the word vector stays in the row.
-- Rows written from now on are stored this way; older ones move when next written (or at once
-- with `VACUUM FULL articles`, which cannot run inside a migration).
ALTER TABLE "articles"
  ALTER COLUMN "title" SET STORAGE MAIN,
  ALTER COLUMN "slug" SET STORAGE MAIN,
  ALTER COLUMN "excerpt" SET STORAGE MAIN,
  ALTER COLUMN "image_url" SET STORAGE MAIN,
  ALTER COLUMN "image_alt_text" SET STORAGE MAIN,
  ALTER COLUMN "video_url" SET STORAGE MAIN,
  ALTER COLUMN "category" SET STORAGE MAIN,
  ALTER COLUMN "keywords" SET STORAGE MAIN;
