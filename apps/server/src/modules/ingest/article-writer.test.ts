// The article step writes what a reader and a feed can take: a post's stray control character
// (a bell, a NUL) or direction override never reaches the stored title, excerpt, body or keywords.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import type { TelegramPost } from '../../integrations/telegram/index.ts';
import { mergeKeywords, writeArticle } from './article-writer.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const BELL = '\u0007';
const post: TelegramPost = {
  channel: 'akhbar_rooz', messageId: 9001, date: new Date('2026-12-01T08:00:00Z'), text: `زلزله${BELL} در خوی`, html: '', links: [], hashtags: [],
  photos: [], videos: [], documents: [], views: 0, edited: false, mediaUnsupported: false,
};

describe('writeArticle', () => {
  it('leaves control characters out of every stored text, keeping line breaks', async () => {
    const { article } = await writeArticle({ db: t.database.db }, {
      source: 'primary', post,
      normalised: { text: post.text, plain: post.text, hashtags: [], hashtagKeywords: [], textHash: 'h-9001' },
      rewrite: {
        title: `زلزله${BELL} در خوی`, excerpt: `زمین‌لرزه‌ای${BELL} خوی را لرزاند.`, content: `<p>زمین‌لرزه\u0000ای خوی را لرزاند.</p>\n<p>آسیبی گزارش نشد.${BELL}</p>`,
        category: 'Politics', keywords: [`زلزله${BELL} خوی`], metaDescription: `زمین‌لرزه${BELL} در خوی`,
      },
      media: null,
    });
    const text = [article.title, article.excerpt, article.content, article.metaDescription, article.keywords, article.searchTitle].join('|');
    expect([...text].filter((c) => (c < ' ' && !'\n\t\r'.includes(c)) || c === '\u007f')).toEqual([]);
    expect(article.title).toBe('زلزله در خوی');
    expect(article.content).toBe('<p>زمین‌لرزهای خوی را لرزاند.</p>\n<p>آسیبی گزارش نشد.</p>');
    expect(article.keywords).toContain('زلزله خوی');
  });

  it('leaves direction overrides out of every stored text, keeping ZWNJ and the marks', async () => {
    const { article } = await writeArticle({ db: t.database.db }, {
      source: 'primary', post: { ...post, messageId: 9002 },
      normalised: { text: post.text, plain: post.text, hashtags: [], hashtagKeywords: [], textHash: 'h-9002' },
      rewrite: {
        title: '\u202eزلزله در خوی', excerpt: 'زمین\u200cلرزه\u2067 خوی\u2069 را لرزاند.', content: '<p>\u202eمعکوس\u200f پایان</p>',
        category: 'Politics', keywords: ['\u202dزلزله خوی'], metaDescription: 'زمین\u200cلرزه\u202e در خوی',
      },
      media: null,
    });
    expect(article).toMatchObject({
      title: 'زلزله در خوی', excerpt: 'زمین\u200cلرزه خوی را لرزاند.', content: '<p>معکوس\u200f پایان</p>', metaDescription: 'زمین\u200cلرزه در خوی',
    });
    expect(article.keywords).toContain('زلزله خوی');
    expect(article.keywords).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it('keeps one keyword for a topic a hashtag runs together and the rewriter writes with a ZWNJ, spelled as the post', () => {
    const text = 'هشدار کم‌آبی در تابستان؛ سدهای استان کم‌آب‌تر از هر سال';
    expect(mergeKeywords([['کمآبی', 'سدها'], ['کم‌آبی', 'کم آبی']], 8, text)).toBe('کم‌آبی,سدها');
  });
});
