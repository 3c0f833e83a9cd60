import { fas } from 'stopword';
import { describe, expect, it } from 'vitest';
import { normalizePersian } from '../text/normalize.ts';
import { articleTopics, cleanTopics, editorKeywords, extractTopics, isFunctionWord, isKnownName, isStopword, isTopic, PERSIAN_STOPWORDS, spellAsSource, tidyTopic, topicId, topicKey, topicMatcher, withoutEndings, wordForms, wordSplits } from './index.ts';
import { NEWS_POSTS } from './news-posts.fixture.ts';

/** Words the issue found on the trending page and in tags: never a keyword. */
const FORBIDDEN = ['تغییر', 'تیم', 'دوازدهم', 'کشور', 'درصدی', 'رشد', 'گزارش', 'اعلام', 'امروز', 'سال'];
const HASHTAG_RE = /#([\p{L}\p{N}\p{M}_\u200c]+)/gu;

/** A post as the offline rewriter sees it: the headline line, the body, the hashtags. */
function keywordsOf(text: string): string[] {
  const [title, ...rest] = text.split('\n');
  const hashtags = [...text.matchAll(HASHTAG_RE)].map((m) => m[1]);
  return articleTopics({ text: rest.filter((line) => !line.startsWith('#')).join('\n'), title, given: hashtags, max: 8 });
}

describe('keywords of 64 Persian news posts', () => {
  it('covers every category of the site with at least 60 posts', () => {
    expect(NEWS_POSTS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(NEWS_POSTS.map((p) => p.category)).size).toBe(8);
  });

  it.each(NEWS_POSTS.map((post, i) => [i + 1, post.names.join('، '), post] as const))('post %i keeps its names whole (%s), as the post spells them', (_n, _names, post) => {
    const keywords = keywordsOf(post.text);
    expect(keywords.length).toBeGreaterThan(0);
    for (const name of post.names) expect(keywords).toContain(name);
    // ZWNJ kept: every keyword is written exactly as somewhere in the post.
    for (const keyword of keywords) expect(post.text.replace(/_/g, ' '), keyword).toContain(keyword);
  });

  it('never gives a stop word, nor a phrase that opens or closes on a function word', () => {
    const all = NEWS_POSTS.flatMap((post) => keywordsOf(post.text));
    expect(all.length).toBeGreaterThanOrEqual(NEWS_POSTS.length * 1.5);
    for (const keyword of all) {
      const norm = normalizePersian(keyword);
      expect(PERSIAN_STOPWORDS.has(norm), keyword).toBe(false);
      expect(isStopword(norm), keyword).toBe(false);
      // Only a known name ('شاخص کل', 'تلفن همراه') may end on a function word.
      const words = keyword.split(' ').map((w) => normalizePersian(w));
      if (!isKnownName(keyword)) expect(isFunctionWord(words[0]) || isFunctionWord(words.at(-1)!), keyword).toBe(false);
      expect(FORBIDDEN).not.toContain(keyword);
    }
  });
});

describe('the stop-word list', () => {
  it('holds the stopword package\'s Persian list and the news words the issue found', () => {
    for (const word of fas) expect(PERSIAN_STOPWORDS.has(normalizePersian(word)), word).toBe(true);
    for (const word of [...FORBIDDEN, 'خبرگزاری', 'بیستم', 'سومین', 'میلیارد', 'آن‌ها', 'می‌شود']) expect(isStopword(normalizePersian(word)), word).toBe(true);
  });
});

describe('one topic, however it is written', () => {
  it('rejoins endings a hashtag wrote apart with a ZWNJ and makes Arabic letters Persian', () => {
    expect(tidyTopic('#برنامه_بازی_ها')).toBe('برنامه بازی‌ها');
    expect(tidyTopic('هزینه های انتخاباتی')).toBe('هزینه‌های انتخاباتی');
    expect(tidyTopic('  «بانك مركزي»  ')).toBe('بانک مرکزی');
  });

  it('merges plural and possessive forms, ZWNJ or space, under one key', () => {
    const key = topicKey('گروه پرخطر');
    for (const form of ['گروه‌های پرخطر', 'گروه های پرخطر', 'گروههای پرخطر']) expect(topicKey(form), form).toBe(key);
    expect(topicKey('بازی‌ها')).toBe(topicKey('بازی'));
    expect(topicKey('آسیای مرکزی')).toBe(topicKey('آسیا مرکزی'));
    expect(topicKey('بازنشستگان')).toBe(topicKey('بازنشسته'));
    expect(topicKey('تنها')).not.toBe(topicKey('تن'));
    expect(topicKey('بانک مرکزی')).not.toBe(topicKey('بانک'));
  });

  it('gives one id to a topic written with a ZWNJ, a space or neither, in any letters or form', () => {
    const id = topicId('کم‌آبی');
    for (const form of ['کم آبی', 'کمآبی', 'كم‌آبي', tidyTopic('#کم_آبی'), 'کم‌آبی‌ها']) expect(topicId(form), form).toBe(id);
    expect(topicId('بانک مرکزی')).not.toBe(topicId('بانک'));
  });

  it('finds known topics mentioned in a text, in any of their spellings, the longest first', () => {
    const find = topicMatcher(['کم‌آبی', 'بانک مرکزی', 'بانک', 'گروه‌های پرخطر', 'آسیای مرکزی'].map(topicId));
    const ids = (text: string) => [...find(normalizePersian(text))].sort();
    expect(ids('هشدار كم‌آبي در تابستان')).toEqual([topicId('کم‌آبی')]);
    expect(ids('کم آبی و کمآبی‌ها')).toEqual([topicId('کم‌آبی')]);
    expect(ids('بانک مرکزی ایران و دیگر بانک‌ها')).toEqual([topicId('بانک'), topicId('بانک مرکزی')].sort());
    expect(ids('واکسن برای گروههای پرخطر')).toEqual([topicId('گروه پرخطر')]);
    expect(ids('نشست آسیا مرکزی')).toEqual([topicId('آسیای مرکزی')]);
    // Part of a word, or words apart, are no mention.
    expect(ids('بانکداری و مرکزی')).toEqual([]);
    expect(ids('کم شدن آبی')).toEqual([]);
  });

  it('gives a search the written forms a topic key takes for one', () => {
    expect(withoutEndings(normalizePersian('برنامه بازی‌ها').split(' '))).toEqual(['برنامه', 'بازی']);
    expect(withoutEndings(['ها'])).toEqual(['ها']);
    expect(wordForms('بازی')).toEqual(['بازی', 'بازیها', 'بازیهای']);
    expect(wordForms('بازیهای')).toEqual(['بازیهای', 'بازی', 'بازیها']);
    expect(wordForms('بازنشستگان')).toContain('بازنشسته');
    expect(wordForms('آسیای')).toContain('آسیا');
    for (const word of ['تنها', 'در', 'covid']) expect(wordForms(word)).toEqual([word]);
    for (const word of ['گروه', 'دانشجو', 'بازنشسته']) for (const form of wordForms(word)) expect(topicKey(form), form).toBe(topicKey(word));
  });

  it('gives a search the cuts of a word run together that a text may write apart', () => {
    expect(wordSplits('کمآبی')).toEqual([['کم', 'آبی'], ['کمآ', 'بی']]);
    for (const [a, b] of wordSplits('کمآبی')) expect(topicId(`${a} ${b}`)).toBe(topicId('کمآبی'));
    expect(wordSplits('میشود')).toContainEqual(['می', 'شود']);
    // Endings are the word's forms, and 'می' opens a word.
    expect(wordSplits('کتابها')).not.toContainEqual(['کتاب', 'ها']);
    expect(wordSplits('هاشمی')).toEqual([]);
    for (const word of ['کم', 'آبی', 'covid']) expect(wordSplits(word)).toEqual([]);
  });

  it('spells a keyword as the text does', () => {
    expect(spellAsSource('ثبت نام نامزدها', 'آغاز ثبت‌نام نامزدها از فردا')).toBe('ثبت‌نام نامزدها');
    expect(spellAsSource('کتاب خوانی', 'هفته کتاب‌خوانی')).toBe('کتاب‌خوانی');
    expect(spellAsSource('فیلم', 'متنی دیگر')).toBe('فیلم');
    // A hashtag's words run together, or the text's written apart.
    expect(spellAsSource('کمآبی', 'هشدار کم‌آبی در تابستان')).toBe('کم‌آبی');
    expect(spellAsSource('کم‌آبی', 'هشدار کم آبی در تابستان')).toBe('کم آبی');
    expect(spellAsSource('کمآبی', 'کم شدن آبی')).toBe('کمآبی');
  });
});

describe('what may be a topic', () => {
  it.each(['تیم ملی', 'بانک مرکزی', 'آموزش و پرورش', 'سنجش از دور', 'نیمه‌نهایی', 'انتخابات', 'دیابت نوع دو'])('%s is a topic', (phrase) => {
    expect(isTopic(phrase)).toBe(true);
  });

  it.each(['سال گذشته', 'در تهران', 'می‌شود', 'ورزش', 'بین‌الملل', 'COVID', 'هفته دوازدهم', 'موظف‌اند', 'معاملات امروز', '۱۴۰۳', 'ب ت ث', 'گزینه ب'])('%s is not', (phrase) => {
    expect(isTopic(phrase)).toBe(false);
  });

  it('takes no topic from lone letters, however many, and still finds the names beside them', () => {
    const text = `پاسخ‌نامه آزمون: ${'ب ت ث ج ح خ د ذ ر ز س ش '.repeat(40)}. بانک مرکزی نتایج را اعلام کرد؛ بانک مرکزی گفت گزینه ب درست است و گزینه ب را بپذیرید.`;
    const topics = extractTopics(text, { max: 8 });
    expect(topics).toContain('بانک مرکزی');
    for (const topic of topics) expect(topic.split(' ').some((word) => /^\p{L}$/u.test(word)), topic).toBe(false);
  });
});

describe('a model\'s keywords pass the same filter', () => {
  it('drops stop words and category names, merges forms and keeps the text\'s spelling', () => {
    const fromModel = ['درصد', 'کشور', 'اقتصاد', 'بانک مرکزی', '#نرخ_ارز', 'بانک', 'بازار ارز', 'بازارهای ارز', 'رشد'];
    expect(cleanTopics(fromModel, 8, 'بانک مرکزی نرخ ارز را در بازار ارز ثابت نگه داشت.')).toEqual(['بانک مرکزی', 'نرخ ارز', 'بازار ارز']);
  });

  it('keeps one topic once, with a ZWNJ, a space or neither', () => {
    expect(cleanTopics(['کم‌آبی', 'کمآبی', 'کم آبی', 'كم‌آبي‌ها'], 8)).toEqual(['کم‌آبی']);
    expect(editorKeywords('کم‌آبی، کمآبی، كم آبي')).toBe('کم‌آبی');
  });

  it('adds no phrase made only of topics already kept, but keeps one that says more', () => {
    expect(cleanTopics(['ثبت‌نام', 'آزمون سراسری', 'ثبت‌نام آزمون سراسری', 'تیم ملی', 'تیم ملی فوتبال'], 8)).toEqual(['ثبت‌نام', 'آزمون سراسری', 'تیم ملی', 'تیم ملی فوتبال']);
  });
});
