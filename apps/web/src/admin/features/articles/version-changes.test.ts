// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ArticleVersionFields } from '@chapar/shared/contracts';
import { currentLabel, htmlToText, versionChanges, versionLabel } from './version-changes.ts';

const BASE: ArticleVersionFields = {
  title: 'عنوان', excerpt: 'خلاصه', content: '<p>بند نخست</p><p>بند دوم</p>', category: 'Politics', keywords: 'مجلس,بودجه',
  metaDescription: null, imageUrl: null, videoUrl: null, featured: false,
};

describe('htmlToText', () => {
  it('gives one line per paragraph, heading or list item, without markup', () => {
    expect(htmlToText('<h2>سرتیتر</h2><p>بند <strong>پررنگ</strong> و <a href="/x">پیوند</a></p><ul><li>یک</li><li>دو</li></ul>'))
      .toBe('سرتیتر\nبند پررنگ و پیوند\nیک\nدو');
  });
});

describe('versionChanges', () => {
  it('lists only the differing fields, in the form\'s order, the content as text', () => {
    const changes = versionChanges(BASE, { ...BASE, title: 'عنوان تازه', content: '<p>بند نخست</p><p>بند سوم</p>', imageUrl: '/media/a.jpg' });
    expect(changes.map((c) => [c.field, c.label])).toEqual([['title', 'عنوان'], ['content', 'محتوا'], ['imageUrl', 'تصویر']]);
    expect(changes[1]).toMatchObject({ before: 'بند نخست\nبند دوم', after: 'بند نخست\nبند سوم' });
    expect(changes[2]).toMatchObject({ before: '', after: '/media/a.jpg', ltr: true });
  });

  it('says when only the content\'s markup differs, and takes a category\'s names for one category', () => {
    const changes = versionChanges(BASE, { ...BASE, content: '<p>بند <em>نخست</em></p><p>بند دوم</p>', category: 'سیاست' });
    expect(changes).toEqual([expect.objectContaining({ field: 'content', markupOnly: true })]);
    expect(versionChanges(BASE, { ...BASE, category: 'Economy' })).toEqual([expect.objectContaining({ before: 'سیاست', after: 'اقتصاد' })]);
  });

  it('lists keywords as an editor writes them, after the category', () => {
    const changes = versionChanges(BASE, { ...BASE, category: 'Economy', keywords: 'بودجه,مالیات' });
    expect(changes.map((c) => c.field)).toEqual(['category', 'keywords']);
    expect(changes[1]).toMatchObject({ label: 'کلیدواژه‌ها', before: 'مجلس، بودجه', after: 'بودجه، مالیات' });
  });
});

describe('versionLabel', () => {
  it('names the save that replaced the version, the admin\'s handle isolated', () => {
    expect(versionLabel({ action: 'edit', changedFields: ['title', 'excerpt'], savedBy: 'admin' })).toBe('نسخهٔ پیش از ویرایش (عنوان، خلاصه) توسط \u2066admin\u2069');
    expect(versionLabel({ action: 'restore', changedFields: [], savedBy: 'sara' })).toBe('نسخهٔ پیش از بازگرداندن نسخه‌ای دیگر توسط \u2066sara\u2069');
  });
  it('names a repair job\'s write, and the system when nobody asked for the run', () => {
    expect(versionLabel({ action: 'job', changedFields: ['excerpt'], savedBy: null })).toBe('نسخهٔ پیش از تغییر خودکار (خلاصه) به دست سامانه');
    expect(currentLabel({ action: 'job', changedFields: ['content'], savedBy: 'admin' })).toBe('حاصل تغییر خودکار (محتوا) توسط \u2066admin\u2069');
  });
});
