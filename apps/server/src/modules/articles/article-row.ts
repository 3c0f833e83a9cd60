// The article row as stored, read and written: its own file so the repository, the derived
// fields and the edit protection all share it without importing each other.
import type { articles } from '@chapar/db';

export type ArticleRow = typeof articles.$inferSelect;
export type ArticleInsert = typeof articles.$inferInsert;
