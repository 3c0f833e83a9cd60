// A site whose articles came from a synthetic channel: each post stored as a channel check
// would have stored it, with one published article (verification and source-deletion tests).
import { sql } from 'drizzle-orm';
import { createWebPreviewSource } from '../src/integrations/telegram/index.ts';
import { postStore } from '../src/modules/posts/post-store.ts';
import { createArticle } from './factories.ts';
import { startSyntheticChannel, type SyntheticChannel } from './synthetic-channel.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from './test-app.ts';

export interface SyntheticNewsroom {
  t: TestApp;
  channel: SyntheticChannel;
  /** An admin's session and CSRF token. */
  headers: Record<string, string>;
  /** Telegram id → article id. */
  ids: Map<number, number>;
}

export async function startSyntheticNewsroom(count: number): Promise<SyntheticNewsroom> {
  const channel = await startSyntheticChannel({ count });
  const t = await buildTestApp({
    config: { worker: true, telegramWebBaseUrl: channel.baseUrl, channels: [{ role: 'primary', username: channel.channel }], podcastAuto: false },
  });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  const source = createWebPreviewSource({ baseUrl: channel.baseUrl });
  const ids = new Map<number, number>();
  for (let id = 1; id <= count; id++) {
    const post = (await source.fetchPost(channel.channel, id))!;
    await postStore.saveFetched(t.database.db, channel.channel, post);
    const article = await createArticle(t.database, { source: channel.channel, telegramId: id, publishedAt: new Date(Date.UTC(2026, 10, 1, 0, id)) });
    await postStore.setState(t.database.db, { source: channel.channel, telegramId: id }, 'published', { articleId: article.id });
    ids.set(id, article.id);
  }
  return { t, channel, headers: { cookie, 'x-csrf-token': csrfToken }, ids };
}

/** Between tests: a channel that answers well, every article and post published, no operations. */
export async function resetNewsroom({ t, channel }: Pick<SyntheticNewsroom, 't' | 'channel'>): Promise<void> {
  channel.reset();
  await t.database.db.execute(sql`update articles set status = 'published', unpublished_reason = null, unpublished_at = null, edited_fields = '{}'`);
  await t.database.db.execute(sql`update telegram_posts set deleted_at = null, state = 'published'`);
  await t.database.db.execute(sql`delete from operations`);
}

/** After the file: the app and the channel closed (either may be missing when set-up failed). */
export async function closeNewsroom(newsroom: Partial<Pick<SyntheticNewsroom, 't' | 'channel'>>): Promise<void> {
  await newsroom.t?.close();
  await newsroom.channel?.close();
}

/** An admin's POST on the newsroom's app, with its session and CSRF token. */
export const newsroomPost = ({ t, headers }: Pick<SyntheticNewsroom, 't' | 'headers'>, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

/** How many articles are published now. */
export const publishedCount = async (t: TestApp) =>
  Number((await t.database.raw.query<{ n: number }>(`select count(*)::int as n from articles where status = 'published'`)).rows[0].n);

/** The ids of the articles taken off the site, in order. */
export const unpublishedIds = async (t: TestApp) =>
  (await t.database.raw.query<{ id: number }>(`select id from articles where status = 'unpublished' order by id`)).rows.map((r) => r.id);
