// A short post that repeats a long article's lead (its first sentence, perhaps reworded) is a
// duplicate of it: found among the articles' leads and judged by how much of it the article
// contains. Other short news on the same topic, sharing its common words, is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle } from '../../../testing/factories.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import type { TelegramPost } from '../../integrations/telegram/index.ts';
import { ingestPost } from '../ingest/ingest-post.ts';
import { postStore } from '../posts/post-store.ts';
import type { Services } from '../../services.ts';
import { comparePair } from './compare.ts';
import { containment } from './containment.ts';
import { extractFeatures } from './features.ts';
import { candidateIds } from './index-repo.ts';
import { decodeWords, encodeWords, foldBloom, wordBloom } from './minhash.ts';
import { articleBands, buildSignature, leadQueryBands } from './signature.ts';

const TITLE = 'فشار آب شبانه در تهران از شنبه کاهش می‌یابد';
const LEAD = 'شرکت آب و فاضلاب استان تهران اعلام کرد از شنبه آینده فشار آب در ساعات شب در همه مناطق پایتخت کاهش می‌یابد، زیرا ذخایر سدهای تأمین‌کننده آب تهران به کمترین حد در شش دهه اخیر رسیده است.';
// About 300 words: the lead, then what a long report adds (figures, names, background).
const PARAGRAPHS = [
  LEAD,
  'محمدرضا بختیاری، مدیرعامل این شرکت، در نشست خبری امروز گفت بارندگی در حوضه‌های آبریز استان از ابتدای سال آبی جاری ۴۰ درصد کمتر از میانگین بلندمدت بوده و حجم آب پنج سد لار، امیرکبیر، طالقان، لتیان و ماملو به ۱۲ درصد ظرفیت رسیده است. به گفته او مصرف روزانه آب در تهران همچنان حدود سه میلیون و ۲۰۰ هزار مترمکعب است که برای شرایط کم‌آبی بسیار زیاد است.',
  'بختیاری افزود کاهش فشار به معنای قطع کامل آب نیست و ساکنان طبقات پایین ساختمان‌ها تغییر چندانی احساس نمی‌کنند، اما ساختمان‌های بلند باید از پمپ و مخزن ذخیره استفاده کنند. او از شهروندان خواست از شستن خودرو با شلنگ، آبیاری باغچه‌ها در روز و پر کردن استخرها خودداری کنند و گفت مشترکانی که بیش از الگوی مصرف آب بکشند با جریمه و در نهایت نصب دستگاه کاهنده فشار روبه‌رو خواهند شد.',
  'این شرکت همچنین اعلام کرد برای جبران بخشی از کمبود، برداشت از چاه‌های اضطراری جنوب تهران افزایش می‌یابد و انتقال آب از سد طالقان با ظرفیت کامل انجام می‌شود. کارشناسان منابع آب اما هشدار می‌دهند برداشت بیشتر از آب‌های زیرزمینی فرونشست زمین در دشت تهران را که اکنون سالانه تا ۳۰ سانتی‌متر است تشدید می‌کند.',
  'اعضای شورای شهر تهران نیز در جلسه روز گذشته خواستار اطلاع‌رسانی دقیق ساعات کاهش فشار برای هر محله شدند تا بیمارستان‌ها، نانوایی‌ها و مراکز درمانی برای تأمین آب خود برنامه‌ریزی کنند. شرکت آب و فاضلاب گفته است جدول محله‌به‌محله از طریق سامانه ۱۲۲ و اپلیکیشن آبفا در دسترس قرار می‌گیرد.',
];
const HTML = PARAGRAPHS.map((p) => `<p>${p}</p>`).join('');
// What a long report adds further down (history, farming, the neighbours, the climate): about 650
// words in all, over 250 distinct content words, more than a 1024-bit word filter could hold.
const BACKGROUND = [
  'تهران پیش از این نیز در تابستان ۱۳۹۳ و پاییز ۱۳۹۹ با جیره‌بندی پنهان روبه‌رو شده بود. در آن سال‌ها کاهش فشار تنها در چند منطقه شمالی و غربی اجرا شد و اعتراض کسبه بازار بزرگ و رستوران‌داران مرکز شهر را در پی داشت. مسئولان وقت وعده داده بودند با تکمیل خط دوم انتقال از سد طالقان چنین وضعی تکرار نشود، اما این خط هنوز به بهره‌برداری کامل نرسیده است.',
  'سهم کشاورزی از مصرف آب استان نزدیک به شصت درصد برآورد می‌شود. باغداران ورامین، پاکدشت و شهریار می‌گویند سهمیه آبیاری مزارع گندم، جو و صیفی‌جات امسال نصف شده و بسیاری از چاه‌های مجاز نیز خشک شده‌اند. اتحادیه دامداران هشدار داده است اگر علوفه گران‌تر شود، قیمت شیر و لبنیات در ماه‌های آینده بالا می‌رود.',
  'استان‌های همسایه وضع بهتری ندارند. سد کرج که آب بخشی از البرز را تأمین می‌کند به کمتر از یک‌پنجم گنجایش رسیده و شهرداری قزوین آبیاری بوستان‌ها را متوقف کرده است. در سمنان و قم نیز تانکرهای سیار به روستاهای دوردست آب آشامیدنی می‌رسانند و فرمانداری‌ها ساعت کار ادارات را کوتاه کرده‌اند.',
  'پژوهشگران اقلیم دانشگاه تهران یادآوری می‌کنند دمای میانگین فلات مرکزی در سه دهه گذشته حدود دو درجه گرم‌تر شده و برف زمستانی زودتر ذوب می‌شود. به باور آنان بازچرخانی پساب صنعتی، نوسازی شبکه فرسوده لوله‌کشی که تا بیست درصد هدررفت دارد و قیمت‌گذاری پلکانی برای پرمصرف‌ها از جیره‌بندی مؤثرترند.',
  'وزیر نیرو هفته گذشته در سفر به اصفهان گفته بود طرح انتقال آب از دریای عمان تا پایان دولت به فلات مرکزی می‌رسد. منتقدان اما هزینه شیرین‌سازی، مصرف برق ایستگاه‌های پمپاژ و آسیب به زیستگاه‌های مرجانی خلیج را یادآوری می‌کنند و می‌پرسند چرا بودجه مدیریت تقاضا، آموزش همگانی و نصب کنتورهای هوشمند همچنان ناچیز مانده است.',
  'در شبکه‌های اجتماعی نیز شهروندان تصویرهایی از مخزن‌های پلاستیکی روی بام آپارتمان‌ها و صف خرید پمپ در خیابان‌های امین حضور و لاله‌زار منتشر کرده‌اند. فروشندگان لوازم ساختمانی می‌گویند بهای مخزن هزار لیتری در یک ماه دوبرابر شده و سفارش‌ها تا سه هفته در نوبت می‌ماند.',
];
const LONG_HTML = [...PARAGRAPHS, ...BACKGROUND].map((p) => `<p>${p}</p>`).join('');

/** The second channel's short posts of the same story. */
const REPEATS: Record<string, string> = {
  'the lead as it is': `🔴 ${LEAD}\n\n🆔 @khabar_fori`,
  'the lead reworded': '🔴 فشار آب تهران از شنبه شب‌ها در همه مناطق شهر کم می‌شود؛ شرکت آب و فاضلاب استان تهران می‌گوید ذخایر سدهای تأمین‌کننده آب پایتخت به کمترین حد در شش دهه اخیر رسیده است.\n\n🆔 @khabar_fori',
  'a headline and the lead': '⚡️ کاهش فشار آب شبانه در تهران\n\nشرکت آب و فاضلاب استان تهران اعلام کرد از شنبه فشار آب در ساعات شب در همه مناطق پایتخت کم می‌شود، چون ذخایر سدهای تهران به کمترین حد در شش دهه اخیر رسیده است. #تهران',
};

/** Other short news on the same topic: the same company, city and common words, other events. */
const OTHERS: Record<string, string> = {
  'a burst main': '🔴 شرکت آب و فاضلاب استان تهران امروز اعلام کرد به دلیل ترکیدگی خط انتقال اصلی، آب محله‌های نارمک و تهرانپارس تا پایان شب قطع است و تانکرهای سیار در این مناطق مستقر شده‌اند.',
  'a new treatment plant': 'به گزارش خبرنگار ما، مدیرعامل شرکت آب و فاضلاب تهران امروز از آغاز ساخت تصفیه‌خانه هفتم در جنوب پایتخت خبر داد که قرار است آب شرب بخشی از مناطق جنوبی شهر را تأمین کند.',
  'snow in the mountains': 'گزارش‌ها از تهران حاکی است بارش برف امروز در ارتفاعات شمال پایتخت آغاز شده و شرکت آب و فاضلاب امیدوار است ورودی سدهای لار و امیرکبیر در روزهای آینده بیشتر شود.',
  'parks on treated water': 'شهرداری تهران امروز اعلام کرد آبیاری فضای سبز پایتخت از این هفته فقط با پساب تصفیه‌خانه‌ها انجام می‌شود و استفاده از آب شرب برای پارک‌ها ممنوع است.',
};

const NOW = Date.parse('2026-12-05T08:00:00Z');
const article = (publishedAt = NOW) => buildSignature({ id: 1, title: TITLE, body: HTML, html: true, publishedAt });
const post = (text: string, publishedAt = NOW + 3600_000) => buildSignature({ id: 2, body: text, publishedAt });
/** The post as an older index would have kept it: its word filter at 1024 bits. */
const foldedPost = (text: string) => { const p = post(text); return { ...p, bloom: foldBloom(p.bloom, 32) }; };

describe('a short post and a long article', () => {
  it.each(Object.entries(REPEATS))('%s: a duplicate, judged by how much of it the article contains, and found among the leads', (_name, text) => {
    const r = comparePair(post(text), article());
    expect(r).toMatchObject({ isDuplicate: true, rule: 'contained' });
    expect(r.contentSimilarity).toBeLessThan(0.2);
    expect(r.containment).toBeGreaterThanOrEqual(0.85);
    expect(r.reasons[0]).toMatch(/^قاعدهٔ تصمیم: [۰-۹]+٪ واژه‌های متن کوتاه در متن بلندتر آمده است/);
    expect(r.reasons.join(' ')).not.toMatch(/[0-9]/);
    // The rule's line gives the share; no second line repeats it.
    expect(r.reasons.filter((line) => line.includes('واژه‌های متن کوتاه در متن بلندتر'))).toHaveLength(1);
    const bands = new Set(articleBands(article()));
    expect(leadQueryBands(post(text)).some((band) => bands.has(band))).toBe(true);
  });

  it.each(Object.entries(REPEATS))('%s: a duplicate of a long report too, whose words would fill over half of a 1024-bit filter', (_name, text) => {
    const long = buildSignature({ id: 1, title: TITLE, body: LONG_HTML, html: true, publishedAt: NOW });
    expect(new Set(extractFeatures({ title: TITLE, body: LONG_HTML, html: true }).words).size).toBeGreaterThan(250);
    const r = comparePair(post(text), long);
    expect(r).toMatchObject({ isDuplicate: true, rule: 'contained' });
    expect(r.containment).toBeGreaterThanOrEqual(0.85);
    // What an index before version 4 could not read: its filter of the report is over half full.
    expect(containment(foldedPost(text), { ...long, bloom: foldBloom(long.bloom, 32) })).toBeNull();
  });

  it.each(Object.entries(OTHERS))('%s: other news on the topic is no duplicate of the long report either', (_name, text) => {
    const long = buildSignature({ id: 1, title: TITLE, body: LONG_HTML, html: true, publishedAt: NOW });
    const r = comparePair(post(text), long);
    expect(r.isDuplicate).toBe(false);
    expect(r.containment ?? 0).toBeLessThan(0.85);
  });

  it('an article indexed before version 4 (a 1024-bit word filter) is read against a new post by folding the larger filter', () => {
    const words = extractFeatures({ title: TITLE, body: HTML, html: true }).words;
    expect(foldBloom(wordBloom(words), 32)).toEqual(wordBloom(words, 32));
    const older = { ...article(), bloom: wordBloom(words, 32) };
    for (const text of Object.values(REPEATS)) {
      const r = comparePair(post(text), older);
      expect(r).toMatchObject({ isDuplicate: true, rule: 'contained' });
      expect(r.containment).toBeCloseTo(containment(foldedPost(text), older)!, 10);
    }
    for (const text of Object.values(OTHERS)) expect(comparePair(post(text), older).isDuplicate).toBe(false);
  });

  it.each(Object.entries(OTHERS))('%s: other news on the topic is not a duplicate of the article', (_name, text) => {
    const r = comparePair(post(text), article());
    expect(r.isDuplicate).toBe(false);
    expect(r.borderline).toBe(false);
    expect(r.containment ?? 0).toBeLessThan(0.7);
  });

  it('two short items on the same topic are not duplicates of each other', () => {
    const texts = Object.values(OTHERS);
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) expect(comparePair(post(texts[i]), post(texts[j])).isDuplicate, `${i}/${j}`).toBe(false);
    }
  });

  it('a freer rewording, a few of its words not in the article, is borderline: an AI judge decides', () => {
    const r = comparePair(post('🔴 از شنبه فشار آب شبکه تهران شب‌ها پایین می‌آید؛ به گفته آبفای استان، ذخایر سدهای پایتخت کمترین حد شش دهه اخیر را نشان می‌دهد.'), article());
    expect(r).toMatchObject({ isDuplicate: false, borderline: true });
    expect(r.containment).toBeGreaterThanOrEqual(0.7);
    expect(r.reasons.join(' ')).toMatch(/[۰-۹]+٪ واژه‌های متن کوتاه در متن بلندتر هم آمده است/);
  });

  it('the lead repeated days later is a new event told the same way, not a duplicate', () => {
    const r = comparePair(post(REPEATS['the lead as it is'], NOW + 5 * 86_400_000), article());
    expect(r.isDuplicate).toBe(false);
    expect(r.containment ?? null).toBeNull();
  });

  it('a figure the article does not give makes the lead another event', () => {
    const r = comparePair(post(`${LEAD.replace('شش دهه', '۷۰ سال')} سهمیه هر خانوار ۱۸ مترمکعب است.`), article());
    expect(r.numberConflict).toBe(true);
    expect(r.isDuplicate).toBe(false);
  });
});

describe('ingestion and the check refuse a short post repeating an article\'s lead', () => {
  const PRIMARY = 'akhbar_rooz';
  const SECONDARY = 'khabar_fori';
  let t: TestApp;
  let s: Services;
  let headers: Record<string, string>;
  let articleId: number;
  let otherNews: number;
  const check = (content: string) => t.app.inject({ method: 'POST', url: '/api/admin/check-duplicate-content', headers, payload: { content } });

  async function ingest(messageId: number, text: string) {
    const item: TelegramPost = {
      channel: SECONDARY, messageId, date: new Date(), text, html: text, links: [], hashtags: [], photos: [], videos: [], documents: [], views: 10, edited: false, mediaUnsupported: false,
    };
    await postStore.saveFetched(s.db, SECONDARY, item);
    return ingestPost(s, { source: SECONDARY, telegramId: messageId }, { useAI: false });
  }

  beforeAll(async () => {
    t = await buildTestApp({ config: { worker: true, channels: [{ role: 'primary', username: PRIMARY }, { role: 'secondary', username: SECONDARY }] } });
    s = (t.app as unknown as { ingest: Services }).ingest;
    const login = await loginAsAdmin(t.app);
    headers = { cookie: login.cookie, 'x-csrf-token': login.csrfToken };
    ({ id: articleId } = await createArticle(t.database, { title: TITLE, content: HTML, source: PRIMARY, telegramId: 7001, publishedAt: new Date(Date.now() - 3600_000) }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the check calls each repeat a duplicate of the article', async () => {
    for (const [name, text] of Object.entries(REPEATS)) {
      const res = await check(text);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), name).toMatchObject({ isDuplicate: true, duplicateArticles: [expect.objectContaining({ id: articleId, isDuplicate: true })] });
      expect(res.json().confidence, name).toBeGreaterThan(50);
    }
    // The article is indexed under its leads too (kinds 64 and up), besides its own bands.
    const { rows: [bands] } = await t.database.raw.query<{ lead: number }>(
      'SELECT count(*) FILTER (WHERE band / 1099511627776 >= 64)::int AS lead FROM duplicate_bands WHERE article_id = $1', [articleId]);
    expect(bands.lead).toBeGreaterThan(0);
  });

  it('an article still carrying an older index\'s 1024-bit word filter is read alike until it is indexed again', async () => {
    const { rows: [row] } = await t.database.raw.query<{ bloom: string }>('SELECT bloom FROM duplicate_signatures WHERE article_id = $1', [articleId]);
    expect(Buffer.from(row.bloom, 'base64')).toHaveLength(512);
    const older = encodeWords(foldBloom(decodeWords(row.bloom), 32));
    await t.database.raw.query('UPDATE duplicate_signatures SET bloom = $2 WHERE article_id = $1', [articleId, older]);
    try {
      for (const [name, text] of Object.entries(REPEATS)) {
        const res = await check(text);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json(), name).toMatchObject({ isDuplicate: true, duplicateArticles: [expect.objectContaining({ id: articleId, isDuplicate: true })] });
      }
      expect((await check(OTHERS['a burst main'])).json().isDuplicate).toBe(false);
    } finally {
      await t.database.raw.query('UPDATE duplicate_signatures SET bloom = $2 WHERE article_id = $1', [articleId, row.bloom]);
    }
  });

  it('ingestion ignores the second channel\'s repeat as a duplicate linked to the article', async () => {
    const result = await ingest(8001, REPEATS['the lead reworded']);
    expect(result).toMatchObject({ status: 'ignored', articleId });
  });

  it('other short news on the topic is no duplicate, and ingestion publishes it', async () => {
    for (const [name, text] of Object.entries(OTHERS)) {
      const res = await check(text);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().isDuplicate, name).toBe(false);
    }
    const result = await ingest(8002, OTHERS['a burst main']);
    expect(result.status).toBe('created');
    expect(result.articleId).not.toBe(articleId);
    otherNews = result.articleId!;
  });

  it('the full scan pairs a short article repeating the lead with the article, and keeps the article though the short one came first', async () => {
    const teaser = await createArticle(t.database, {
      title: 'فشار آب تهران کم می‌شود', content: `<p>${LEAD}</p>`, source: SECONDARY, telegramId: 8101, publishedAt: new Date(Date.now() - 2 * 3600_000),
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/scan-detailed-duplicates', headers });
    expect(res.statusCode, res.body).toBe(200);
    const pairs: Array<{ originalArticle: { id: number }; duplicateArticle: { id: number }; recommendation: string; reasoning: string; detailedAnalysis: { reasons: string[] } }> = res.json().duplicates;
    const pair = pairs.find((d) => d.duplicateArticle.id === teaser.id);
    expect(pair).toMatchObject({ originalArticle: { id: articleId }, recommendation: 'keep_original' });
    expect(pair!.reasoning).toContain('مقالهٔ کامل‌تر نسخهٔ اصلی است');
    expect(pair!.detailedAnalysis.reasons[0]).toMatch(/واژه‌های متن کوتاه در متن بلندتر آمده است/);
    // The other short news on the topic is paired with neither.
    expect(pairs.filter((d) => [d.originalArticle.id, d.duplicateArticle.id].includes(otherNews))).toEqual([]);
  });

  it('the lead lookup skips a band more than 60 articles share, and reads only active articles within its window', async () => {
    // Bands of a kind no article uses (90): a common one 61 articles share, a rarer one 60 share.
    const COMMON = 90 * 1099511627776 + 1;
    const RARE = COMMON + 1;
    const ids: number[] = [];
    for (let i = 0; i < 61; i++) ids.push((await createArticle(t.database, { status: 'draft' })).id);
    await t.database.raw.query(
      'INSERT INTO duplicate_bands (band, article_id) SELECT $1::bigint, unnest($2::int[]) UNION ALL SELECT $3::bigint, unnest($4::int[])',
      [String(COMMON), ids, String(RARE), ids.slice(0, 60)]);
    // A full story reads the newest 60 of the common band; a lead lookup skips it and reads the rare one's 60.
    expect(await candidateIds(t.database, [COMMON], 100)).toHaveLength(60);
    expect(await candidateIds(t.database, [COMMON], 100, { skipFullBands: true })).toEqual([]);
    expect(await candidateIds(t.database, [COMMON, RARE], 100, { skipFullBands: true })).toHaveLength(60);
    // The article's own lead bands: found around its date, not five days later.
    const leads = leadQueryBands(post(REPEATS['the lead as it is']));
    const around = (at: number) => candidateIds(t.database, leads, 20, { skipFullBands: true, activeAround: { around: at, withinMs: 3 * 86_400_000 } });
    expect(await around(Date.now())).toContain(articleId);
    expect(await around(Date.now() + 5 * 86_400_000)).not.toContain(articleId);
    await t.database.raw.query('DELETE FROM duplicate_bands WHERE band = ANY($1::bigint[])', [[String(COMMON), String(RARE)]]);
  });
});
