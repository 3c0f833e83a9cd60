import { describe, expect, it } from 'vitest';
import type { ArticleRow } from './article-row.ts';
import { undoPatch } from './change-log.ts';

// What an undo puts back of one article, field by field (the operation's undo, undo.ts).
const before = { title: 'عنوان', excerpt: 'خلاصهٔ کهنه', metaDescription: 'خلاصهٔ کهنه', content: '<p>متن کهنه</p>', contentHash: 'h1', slug: 'عنوان' };
const after = { title: 'عنوان', excerpt: 'خلاصهٔ تازه', metaDescription: 'خلاصهٔ تازه', content: '<p>متن تازه</p>', contentHash: 'h2', slug: 'عنوان' };
const row = (fields: Partial<ArticleRow>) => ({ ...after, ...fields }) as unknown as ArticleRow;

describe('undoPatch', () => {
  it('puts back every field the job changed while the article is as the job left it, its content hash with its content', () => {
    expect(undoPatch(row({}), { before, after })).toEqual({
      patch: { excerpt: 'خلاصهٔ کهنه', metaDescription: 'خلاصهٔ کهنه', content: '<p>متن کهنه</p>', contentHash: 'h1' }, editedSince: [],
    });
  });

  it('leaves a field edited since, and names it; an excerpt and its meta description stay together', () => {
    expect(undoPatch(row({ content: '<p>متن سردبیر</p>' }), { before, after })).toEqual({
      patch: { excerpt: 'خلاصهٔ کهنه', metaDescription: 'خلاصهٔ کهنه' }, editedSince: ['content'],
    });
    expect(undoPatch(row({ excerpt: 'خلاصهٔ سردبیر' }), { before, after })).toEqual({
      patch: { content: '<p>متن کهنه</p>', contentHash: 'h1' }, editedSince: ['excerpt', 'metaDescription'],
    });
  });

  it('puts back nothing when every field the job changed was edited since; a field the job did not change is never put back', () => {
    expect(undoPatch(row({ excerpt: 'الف', content: '<p>ب</p>' }), { before, after })).toBeNull();
    expect(undoPatch(row({ title: 'عنوان سردبیر' }), { before, after })!.patch).not.toHaveProperty('title');
  });
});
