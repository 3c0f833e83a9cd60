import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@chapar/db';
import { openTestDatabase } from '@chapar/db/testing';
import { createArticle } from '../../../testing/factories.ts';

// Where an article's columns are stored (migration 0017). Every card, list and article page
// reads the card's columns; kept in the row, a card is one page read instead of one plus four or
// five TOAST lookups. The word vector stays in the row as well (migration 0005).

const CARD_COLUMNS = ['title', 'slug', 'excerpt', 'image_url', 'image_alt_text', 'video_url', 'category', 'keywords'];

/** A paragraph of the size the model writes, different each time (the body must not compress to nothing). */
function paragraph(n: number): string {
  const words = ['دولت', 'بازار', 'گزارش', 'مجلس', 'نفت', 'بانک', 'ارز', 'تهران', 'اقتصاد', 'سلامت', 'آموزش', 'ورزش'];
  return Array.from({ length: 60 }, (_, i) => `${words[(i * 7 + n) % words.length]}${(i * 31 + n * 17) % 997}`).join(' ');
}

let database: Database;
let id: number;

beforeAll(async () => {
  database = await openTestDatabase();
  // An article of a real one's size: a body of several paragraphs, a long title and excerpt.
  const body = Array.from({ length: 8 }, (_, i) => `<p>${paragraph(i)}</p>`).join('');
  const row = await createArticle(database, {
    title: 'نشست منطقه‌ای اقلیم با تمرکز بر بحران آب در آسیای مرکزی و کشورهای همسایه به پایان رسید',
    excerpt: 'نشست منطقه‌ای اقلیم با حضور نمایندگان کشورهای آسیای مرکزی و همسایگان با تمرکز بر بحران آب و راه‌های همکاری برای مدیریت منابع مشترک به کار خود پایان داد و بیانیه‌ای مشترک منتشر شد.',
    content: body,
    keywords: 'اقلیم,بحران آب,آسیای مرکزی,منابع آب,همکاری منطقه‌ای,محیط زیست,خشکسالی,نشست',
    imageUrl: '/media/tg/chapar_demo/1127/0-image.jpg',
    imageAltText: 'تصویر خبر: نشست منطقه‌ای اقلیم با تمرکز بر بحران آب در آسیای مرکزی به پایان رسید - محیط زیست | چاپار',
    metaDescription: 'نشست منطقه‌ای اقلیم با حضور نمایندگان کشورهای آسیای مرکزی با تمرکز بر بحران آب به پایان رسید.',
  });
  id = row.id;
});
afterAll(async () => { await database?.close(); });

describe('article storage (migration 0017)', () => {
  it('keeps the card columns in the row (STORAGE MAIN)', async () => {
    const { rows } = await database.raw.query<{ name: string; storage: string }>(
      `select attname as name, attstorage as storage from pg_attribute where attrelid = 'articles'::regclass and attname = any($1)`, [CARD_COLUMNS]);
    expect(Object.fromEntries(rows.map((r) => [r.name, r.storage]))).toEqual(Object.fromEntries(CARD_COLUMNS.map((c) => [c, 'm'])));
  });

  it('stores a real-sized article with its card and word vector in the row and its body out of it', async () => {
    const { rows: version } = await database.raw.query<{ n: number }>(`select current_setting('server_version_num')::int as n`);
    // pg_column_toast_chunk_id (PostgreSQL 16, and PGlite) tells whether a value is in the TOAST table.
    if (version[0].n < 160000) return;
    const columns = [...CARD_COLUMNS, 'search_vector', 'content'];
    const { rows } = await database.raw.query<Record<string, boolean>>(
      `select ${columns.map((c) => `pg_column_toast_chunk_id(${c}) is not null as ${c}`).join(', ')} from articles a where id = $1`, [id]);
    // Without the migration this row's title, excerpt, keywords and image description are moved out.
    expect(rows[0]).toEqual({ ...Object.fromEntries(CARD_COLUMNS.map((c) => [c, false])), search_vector: false, content: true });
  });
});
