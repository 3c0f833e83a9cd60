import { describe, expect, it } from 'vitest';
import { CALIBRATION_CASES, fitCalibrationSlope, labelledScores } from '../../../testing/duplicate-calibration.ts';
import { buildDuplicateSet } from '../../../testing/duplicate-set.ts';
import { comparePair, titleSimilarity, TITLE_SIMILAR } from './compare.ts';
import { contentWords, extractFeatures, numbersIn } from './features.ts';
import { hammingHex } from './minhash.ts';
import { CALIBRATION_SLOPE, duplicateProbability, OVERALL_WEIGHTS, verdictConfidence } from './overall.ts';
import { buildSignature, signatureBands } from './signature.ts';

const quake = (city: string, mag: string, extra = '') => ({
  title: `زلزله ${mag} ریشتری ${city} را لرزاند`,
  body: `زمین‌لرزه‌ای به بزرگی ${mag} ریشتر بامداد امروز ${city} را لرزاند. به گفته مرکز لرزه‌نگاری کانون زلزله در عمق ۱۰ کیلومتری بوده است. مدیرکل مدیریت بحران گفت تاکنون گزارشی از خسارت جانی دریافت نشده است. ${extra}`,
});
const sig = (id: number, story: { title?: string; body: string; html?: boolean }, extra: { images?: string[]; video?: string | null } = {}) =>
  buildSignature({ id, title: story.title, body: story.body, html: story.html, ...extra });

describe('text features', () => {
  it('normalises Persian spelling, drops chatter, emoji, hashtag marks and stop words', () => {
    const words = contentWords('🔴 قيمت دلار در بازار #بازار_ارز به ۱۰۲٬۳۰۰ تومان رسيد');
    expect(words).toContain('قیمت');
    expect(words).toContain('بازار');
    expect(words).not.toContain('در');
    const features = extractFeatures({ body: 'قیمت دلار به ۱۰۲٬۳۰۰ تومان رسید\n\n🆔 @khabar_fori_news\nکانال ما را دنبال کنید' });
    expect(features.words.join(' ')).not.toMatch(/khabar|کانال/);
  });

  it('reads numbers with Persian digits and decimal marks as one value', () => {
    expect(numbersIn('زلزله ۵٫۲ ریشتری و ۱۰۲٬۳۰۰ تومان')).toEqual(['5.2', '102300']);
    expect(numbersIn('زلزله 5.2 ریشتری')).toEqual(['5.2']);
  });
});

describe('signals', () => {
  it('title similarity is fuzzy and order-insensitive; 75% counts as similar', () => {
    expect(titleSimilarity('قیمت دلار در بازار آزاد به ۱۰۲ هزار تومان رسید', 'قیمت دلار در بازار آزاد به ۱۰۲ هزار تومان رسید')).toBe(1);
    expect(titleSimilarity('دلار در بازار آزاد ۱۰۲ هزار تومانی شد', 'بازار آزاد: دلار ۱۰۲ هزار تومانی شد'.replace(':', ''))).toBeGreaterThanOrEqual(TITLE_SIMILAR);
    expect(titleSimilarity('پیروزی استقلال مقابل سپاهان', 'افزایش قیمت نفت برنت')).toBeLessThan(0.5);
  });

  it('content similarity finds a report with sentences moved, words swapped and a signature added', () => {
    const a = quake('بم', '۵٫۲');
    const moved = a.body.split('. ').reverse().join('. ').replace('زمین‌لرزه', 'زلزله').replace('گفت', 'اعلام کرد');
    const b = { body: `🔴 ${moved}\n#زلزله #بم\n🆔 @khabar_fori_news` };
    const r = comparePair(sig(1, a), sig(2, b));
    expect(r.contentSimilarity).toBeGreaterThan(0.5);
    expect(r.isDuplicate).toBe(true);
    // The two meet in the index: they share a band.
    const bands = new Set(signatureBands(sig(1, a)));
    expect(signatureBands(sig(2, b)).some((band) => bands.has(band))).toBe(true);
  });

  it('different numbers tell two earthquakes on the same template apart', () => {
    const r = comparePair(sig(1, quake('بم', '۵٫۲', 'تاکنون ۶ پس‌لرزه ثبت شده است.')), sig(2, quake('خوی', '۴٫۷', 'تاکنون ۱۱ پس‌لرزه ثبت شده است.')));
    expect(r.numberConflict).toBe(true);
    expect(r.isDuplicate).toBe(false);
    expect(r.reasons.join(' ')).toContain('دو رویداد جدا');
  });

  it('shared keywords are reported, and names only one headline has count against a pair', () => {
    const oman = { title: 'دیدار عراقچی با وزیر خارجه عمان در مسقط', body: 'عباس عراقچی وزیر امور خارجه امروز در مسقط با بدر البوسعیدی وزیر خارجه عمان دیدار کرد. دو طرف درباره امنیت کشتیرانی رایزنی کردند.' };
    const qatar = { title: 'دیدار عراقچی با وزیر خارجه قطر در دوحه', body: 'عباس عراقچی وزیر امور خارجه امروز در دوحه با محمد آل ثانی وزیر خارجه قطر دیدار کرد. دو طرف درباره همکاری‌های گازی رایزنی کردند.' };
    const r = comparePair(sig(1, oman), sig(2, qatar));
    expect(r.keywordMatches).toEqual(expect.arrayContaining(['عراقچی', 'وزیر', 'خارجه']));
    expect(r.nameConflict).toBe(true);
    expect(r.isDuplicate).toBe(false);
  });

  it('the same picture (a few bits apart) makes a middling text pair a duplicate; another picture does not', () => {
    const a = { body: 'آتش‌سوزی گسترده در بازار تاریخی تبریز صبح امروز مهار شد و آتش‌نشانان چند ساعت تلاش کردند.' };
    const b = { body: 'مهار آتش در بازار تبریز؛ خسارت به ده‌ها مغازه و تلاش آتش‌نشانی از سحرگاه تا ظهر.' };
    const same = comparePair(sig(1, a, { images: ['f0e1d2c3b4a59687'] }), sig(2, b, { images: ['f0e1d2c3b4a59686'] }));
    expect(hammingHex('f0e1d2c3b4a59687', 'f0e1d2c3b4a59686')).toBe(1);
    expect(hammingHex('ffffffff00000000', '0000000000000000')).toBe(32);
    expect(hammingHex('ffffffffffffffff', '0000000000000000')).toBe(64);
    expect(same.mediaSimilarity).toBeGreaterThan(0.95);
    expect(same.isDuplicate).toBe(true);
    expect(['media', 'combined']).toContain(same.matchType);
    const other = comparePair(sig(1, a, { images: ['f0e1d2c3b4a59687'] }), sig(2, b, { images: ['0f1e2d3c4b5a6978'] }));
    expect(other.isDuplicate).toBe(false);
    // Image bands: a near-identical picture is found through the index alone.
    const bands = new Set(signatureBands(sig(1, { body: 'x' }, { images: ['f0e1d2c3b4a59687'] })));
    expect(signatureBands(sig(2, { body: 'y' }, { images: ['f0e1d2c3b4a59686'] })).some((band) => bands.has(band))).toBe(true);
  });

  it('the same video is a signal of its own', () => {
    const a = { body: 'ویدیوی لحظه برخورد دو قطار در ایستگاه شاهرود منتشر شد.' };
    const b = { body: 'فیلم تصادف قطارها در شاهرود را ببینید.' };
    const r = comparePair(sig(1, a, { video: 'file:4200311:37' }), sig(2, b, { video: 'file:4200311:37' }));
    expect(r.sameVideo).toBe(true);
    expect(r.isDuplicate).toBe(true);
    expect(comparePair(sig(1, a, { video: 'file:4200311:37' }), sig(2, b, { video: 'file:999:12' })).isDuplicate).toBe(false);
  });
});

describe('the labelled set', () => {
  const set = buildDuplicateSet();

  it('has at least 60 reworded duplicates and 60 different events on the same topic', () => {
    expect(set.filter((p) => p.duplicate).length).toBeGreaterThanOrEqual(60);
    expect(set.filter((p) => !p.duplicate).length).toBeGreaterThanOrEqual(60);
    const copy = set.find((p) => p.duplicate)!.b.body;
    expect(copy).toMatch(/#/);
    expect(copy).toMatch(/@|دنبال کنید/);
  });

  it('is judged with precision >= 0.95 and recall >= 0.9, through the index bands as a check would', () => {
    let tp = 0, fp = 0, fn = 0;
    for (const pair of set) {
      const a = sig(1, pair.a);
      const b = sig(2, { body: pair.b.body });
      const bands = new Set(signatureBands(a));
      const found = signatureBands(b).some((band) => bands.has(band)) && comparePair(b, a).isDuplicate;
      if (found && pair.duplicate) tp++;
      else if (found) fp++;
      else if (pair.duplicate) fn++;
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });
});

describe('figures', () => {
  it('reads a figure written with scale words as the same value as its digits', () => {
    expect(numbersIn('۸ هزار و ۵۰۰ تومان')).toEqual(['8500']);
    expect(numbersIn('8,500 تومان')).toEqual(['8500']);
    expect(numbersIn('روزانه ۱۲۰ هزار مسافر')).toEqual(['120000']);
    expect(numbersIn('۲ میلیون و ۳۰۰ هزار نفر')).toEqual(['2300000']);
    // 'و' after a bare number joins two figures.
    expect(numbersIn('۱۵ درصد و ۳۰ نفر')).toEqual(['15', '30']);
  });
});

describe('hand-written reports: a rewording with the same figures, another event, an unrelated story', () => {
  const judged = CALIBRATION_CASES.map((c) => {
    const article = sig(1, { title: c.article.title, body: c.article.html, html: true });
    const bands = new Set(signatureBands(article));
    const judge = (text: string) => {
      const story = sig(0, { body: text });
      const analysis = comparePair(story, article);
      return { analysis, p: duplicateProbability(analysis.score), meets: signatureBands(story).some((b) => bands.has(b)) };
    };
    return { name: c.name, reworded: judge(c.reworded), sameTopic: judge(c.sameTopic), unrelated: judge(c.unrelated) };
  });

  it.each(judged.map((j) => [j.name, j] as const))('%s: the rewording is a duplicate found through the index; the others are not duplicates', (_name, j) => {
    expect(j.reworded.meets).toBe(true);
    expect(j.reworded.analysis.isDuplicate).toBe(true);
    expect(j.sameTopic.analysis.isDuplicate).toBe(false);
    expect(j.unrelated.analysis.isDuplicate).toBe(false);
  });

  it.each(judged.map((j) => [j.name, j] as const))('%s: the probability of one story orders rewording > other event > unrelated, and the confidence follows', (_name, j) => {
    expect(j.reworded.p).toBeGreaterThan(0.5);
    expect(j.reworded.p).toBeGreaterThan(j.sameTopic.p);
    expect(j.sameTopic.p).toBeGreaterThan(j.unrelated.p);
    expect(j.sameTopic.p).toBeLessThan(0.5);
    // 'Not a duplicate' is at least as sure of an unrelated story as of another event on the topic.
    const notDup = (x: typeof j.sameTopic) => verdictConfidence(false, x.analysis.score);
    expect(notDup(j.unrelated)).toBeGreaterThanOrEqual(notDup(j.sameTopic));
    expect(verdictConfidence(true, j.reworded.analysis.score)).toBeGreaterThan(0.5);
  });

  it('an earlier version missed these: most rewordings here share under 42% of their words, and are found by their figures', () => {
    const byFigures = judged.filter((j) => j.reworded.analysis.rule === 'figures');
    expect(byFigures.length).toBeGreaterThanOrEqual(3);
    for (const j of byFigures) {
      expect(j.reworded.analysis.contentSimilarity).toBeLessThan(0.42);
      expect(j.reworded.analysis.reasons[0]).toMatch(/^قاعدهٔ تصمیم: .*عدد یکسان/);
    }
  });
});

describe('overall similarity and confidence', () => {
  const pairs = [
    ...buildDuplicateSet().map((p) => comparePair(sig(2, { body: p.b.body }), sig(1, p.a))),
    ...CALIBRATION_CASES.flatMap((c) => [c.reworded, c.sameTopic, c.unrelated].map((text) =>
      comparePair(sig(0, { body: text }), sig(1, { title: c.article.title, body: c.article.html, html: true })))),
    comparePair(sig(1, { body: 'آتش‌سوزی گسترده در بازار تاریخی تبریز صبح امروز مهار شد و آتش‌نشانان چند ساعت تلاش کردند.' }, { images: ['f0e1d2c3b4a59687'], video: 'file:1:2' }),
      sig(2, { body: 'مهار آتش در بازار تبریز؛ خسارت به ده‌ها مغازه و تلاش آتش‌نشانی از سحرگاه تا ظهر.' }, { images: ['f0e1d2c3b4a59686'], video: 'file:1:2' })),
  ];

  it('is the weighted mean of the parts the pair has: never above the largest part nor below the smallest, and the reasons write it out', () => {
    for (const a of pairs) {
      const parts = { content: a.contentSimilarity, title: a.titleSimilarity, figures: a.figureSimilarity, media: a.overall.weights.media > 0 ? a.mediaSimilarity : null };
      const present = Object.entries(parts).filter(([, v]) => v !== null) as Array<[keyof typeof parts, number]>;
      const weights = a.overall.weights;
      expect(Object.values(weights).reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9);
      for (const [name, value] of Object.entries(parts)) if (value === null) expect(weights[name as keyof typeof parts]).toBe(0);
      // The stated rule: Σ weight × part, each weight OVERALL_WEIGHTS' share among the parts present.
      const total = present.reduce((sum, [name]) => sum + OVERALL_WEIGHTS[name], 0);
      for (const [name] of present) expect(weights[name]).toBeCloseTo(OVERALL_WEIGHTS[name] / total, 9);
      expect(a.overall.value).toBeCloseTo(present.reduce((sum, [name, value]) => sum + weights[name] * value, 0), 9);
      expect(a.overall.value).toBeLessThanOrEqual(Math.max(...present.map(([, v]) => v)) + 1e-9);
      expect(a.overall.value).toBeGreaterThanOrEqual(Math.min(...present.map(([, v]) => v)) - 1e-9);
      expect(a.reasons[0]).toMatch(/^قاعدهٔ تصمیم: /);
      expect(a.reasons[1]).toMatch(/^شباهت کل [۰-۹]+٪ = .*(میانگین وزنی بخش‌ها)/);
      expect(a.reasons[1]).not.toMatch(/\d/);
      // A share the rule's line gives is not said again on a line of its own.
      const own = a.reasons.slice(1);
      if (a.rule === 'text' || a.rule === 'text_and_title' || a.rule === 'figures') expect(own.filter((line) => line.startsWith('متن‌ها '))).toEqual([]);
      if (a.rule === 'contained') expect(own.filter((line) => line.includes('واژه‌های متن کوتاه'))).toEqual([]);
    }
    expect(new Set(pairs.map((a) => a.rule))).toContain('text');
  });

  it('the confidence is a calibrated probability: more than half exactly for a duplicate, at most 99%, and its slope is still the best fit to the labelled pairs', () => {
    for (const a of pairs) {
      expect(duplicateProbability(a.score) > 0.5).toBe(a.isDuplicate);
      expect(verdictConfidence(a.isDuplicate, a.score)).toBeGreaterThan(0.5);
      expect(verdictConfidence(a.isDuplicate, a.score)).toBeLessThanOrEqual(0.99);
    }
    const fitted = fitCalibrationSlope(labelledScores());
    expect(Math.abs(fitted - CALIBRATION_SLOPE) / fitted).toBeLessThan(0.15);
  });
});
