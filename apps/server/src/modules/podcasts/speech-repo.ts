// Queries for an article's speech text: the article's readable fields and the editor's correction.
import { eq } from 'drizzle-orm';
import { articles, articleSpeechTexts, type Db } from '@chapar/db';

export interface SpeechArticle {
  id: number;
  title: string;
  content: string;
  category: string | null;
  status: string;
  podcastBytes: number | null;
  podcastUrl: string | null;
}

export const speechRepo = {
  async article(db: Db, id: number): Promise<SpeechArticle | undefined> {
    const [row] = await db.select({ id: articles.id, title: articles.title, content: articles.content, category: articles.category, status: articles.status, podcastUrl: articles.podcastUrl, podcastBytes: articles.podcastBytes })
      .from(articles).where(eq(articles.id, id));
    return row;
  },
  async correction(db: Db, id: number) {
    const [row] = await db.select().from(articleSpeechTexts).where(eq(articleSpeechTexts.articleId, id));
    return row;
  },
  async save(db: Db, id: number, value: { text: string; basedOn: string; updatedBy: string | null }) {
    const row = { articleId: id, ...value, updatedAt: new Date() };
    await db.insert(articleSpeechTexts).values(row).onConflictDoUpdate({ target: articleSpeechTexts.articleId, set: row });
  },
  async remove(db: Db, id: number): Promise<void> {
    await db.delete(articleSpeechTexts).where(eq(articleSpeechTexts.articleId, id));
  },
};

