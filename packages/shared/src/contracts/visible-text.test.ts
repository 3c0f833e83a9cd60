import { describe, expect, it } from 'vitest';
import { htmlHasText, htmlShowsContent, visibleText } from './visible-text.ts';
import { updateArticleBody } from './articles.ts';
import { staffNameField } from './accounts.ts';
import { subscribeBody } from './search.ts';

const title = visibleText({ label: 'عنوان', min: 3, max: 20 });
const name = visibleText({ label: 'نام', min: 0, max: 20 });
const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('visible text', () => {
  it.each(['\u200b\u200b\u200b\u200b', '\u200f\u202e\u200b\u2066', '\u200c\u200c\u200c', '\u200d\u200d\u200d', 'ab', '\u202eاب\u202c', '   '])(
    'refuses %j as a title of fewer than three characters that show', (text) => {
      expect(messageOf(title.safeParse(text))).toBe('عنوان باید دست‌کم ۳ نویسهٔ دیدنی داشته باشد');
    },
  );

  it('keeps ZWNJ and ZWJ inside words and drops direction runs and control characters', () => {
    expect(title.parse(' \u200bمی\u200cشود\u200b ')).toBe('می\u200cشود');
    expect(title.parse('\u202eخبر\u202c \u2066@news\u2069\u0007')).toBe('خبر @news');
    expect(title.parse('\u2067abc')).toBe('abc');
    expect(title.parse('a\u200db\u200fc')).toBe('a\u200db\u200fc');
  });

  it('counts the length limit over what is stored', () => {
    expect(title.safeParse(`${'\u202e'.repeat(30)}خبر`).success).toBe(true);
    expect(messageOf(title.safeParse('ا'.repeat(21)))).toBe('عنوان حداکثر ۲۰ نویسه است');
  });

  it('lets an optional field be sent blank, never invisible-only', () => {
    expect(name.parse('')).toBe('');
    expect(name.parse('  ')).toBe('');
    for (const text of ['\u200b', '\u202e', '\u200c', '\u2066\u2069']) {
      expect(messageOf(name.safeParse(text)), JSON.stringify(text)).toBe('نام باید دست‌کم یک نویسهٔ دیدنی داشته باشد');
    }
    expect(staffNameField.safeParse('\u200b').success).toBe(false);
  });

  it('finds text in HTML, not in markup', () => {
    expect(htmlHasText('<p> </p><p>&nbsp;</p><br>')).toBe(false);
    expect(htmlHasText('<figure><img src="/a.png" alt="x"></figure>')).toBe(false);
    expect(htmlHasText('<p>\u200bخ</p>')).toBe(true);
  });

  it('takes a picture, video or frame with a source as content, not one without', () => {
    expect(htmlShowsContent('<figure><img src="/a.png" alt=""></figure>')).toBe(true);
    expect(htmlShowsContent('<video controls src="/v.mp4"></video>')).toBe(true);
    expect(htmlShowsContent('<p><img alt="x"></p>')).toBe(false);
    expect(htmlShowsContent('<p><img src=""></p>')).toBe(false);
    expect(htmlShowsContent('<p> </p>')).toBe(false);
  });

  it('holds in the article edit contract', () => {
    expect(updateArticleBody.safeParse({ title: '\u200b\u200b\u200b\u200b' }).success).toBe(false);
    expect(messageOf(updateArticleBody.safeParse({ content: '<p> </p>' }))).toBe('محتوای مقاله نمی‌تواند خالی باشد؛ دست‌کم یک جمله بنویسید یا یک تصویر بگذارید');
    expect(messageOf(updateArticleBody.safeParse({ excerpt: '' }))).toBe('خلاصهٔ مقاله نمی‌تواند خالی باشد');
    expect(updateArticleBody.parse({ title: '\u202eعنوان تازه' })).toEqual({ title: 'عنوان تازه' });
  });
});

describe('fields an article edit and a newsletter signup clean as a title', () => {
  it('stores a meta description without direction runs or controls, and refuses one that shows nothing', () => {
    expect(updateArticleBody.parse({ metaDescription: ' \u202eشرح\u0007 کوتاه\u200f ' })).toEqual({ metaDescription: 'شرح کوتاه\u200f' });
    expect(messageOf(updateArticleBody.safeParse({ metaDescription: '\u202e\u202d\u2066' }))).toBe('توضیحات متا باید دست‌کم یک نویسهٔ دیدنی داشته باشد');
    expect(updateArticleBody.parse({ metaDescription: '' })).toEqual({ metaDescription: '' });
    expect(updateArticleBody.parse({ metaDescription: null })).toEqual({ metaDescription: null });
    expect(messageOf(updateArticleBody.safeParse({ metaDescription: 'م'.repeat(151) }))).toBe('توضیحات متا حداکثر ۱۵۰ نویسه است');
  });

  it('cleans each keyword, keeps ZWNJ, and refuses a keyword that shows nothing', () => {
    expect(updateArticleBody.parse({ keywords: '\u202eالف\u0007, می\u200cشود،\u2067ب\u2069' })).toEqual({ keywords: 'الف, می\u200cشود،ب' });
    expect(messageOf(updateArticleBody.safeParse({ keywords: '\u202eالف,\u200b,ب\u2067' }))).toBe('هر کلیدواژه باید دست‌کم یک نویسهٔ دیدنی داشته باشد');
    expect(updateArticleBody.parse({ keywords: '' })).toEqual({ keywords: '' });
  });

  it('cleans the name of a newsletter signup', () => {
    const body = subscribeBody.parse({ email: 'bidi-test@example.com', name: '\u202eعلی\u0007\u001b[31m =cmd|x' });
    expect(body.name).toBe('علی[31m =cmd|x');
    expect(messageOf(subscribeBody.safeParse({ email: 'a@example.com', name: '\u202e\u200b' }))).toBe('نام باید دست‌کم یک نویسهٔ دیدنی داشته باشد');
    expect(subscribeBody.parse({ email: 'a@example.com', name: '  ' }).name).toBe('');
    expect(subscribeBody.parse({ email: 'a@example.com' }).name).toBeUndefined();
  });
});
