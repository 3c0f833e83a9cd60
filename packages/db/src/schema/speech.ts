import { integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { articles } from './content.ts';

/**
 * An editor's correction of the text an article's podcast reads. It replaces the text made
 * from the article until it is removed; `basedOn` is the hash of the made text it corrected,
 * so the admin can tell that the article changed since.
 */
export const articleSpeechTexts = pgTable('article_speech_texts', {
  articleId: integer('article_id').primaryKey().references(() => articles.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  basedOn: varchar('based_on', { length: 64 }).notNull(),
  updatedBy: varchar('updated_by', { length: 80 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
