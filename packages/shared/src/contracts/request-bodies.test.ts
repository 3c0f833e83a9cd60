import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import * as contracts from './index.ts';

// What a request body may carry beyond its fields. The admin area's bodies refuse a field they
// do not know: an editor who sends `disabeld` or `titel` must learn that nothing of it was done,
// not get a success for the fields that were spelled right. A reader's bodies ignore one: a page
// kept offline or in a cache may send a field a newer server no longer reads, and the reader
// can do nothing with the refusal.
const TOLERANT: Record<string, string> = {
  subscribeBody: 'reader',
  createCommentBody: 'reader',
  rateArticleBody: 'reader',
  bookmarkSessionBody: 'reader',
  toggleBookmarkBody: 'reader',
  trackEventBody: 'reader',
  pushSubscriptionBody: 'reader (the browser adds fields of its own to a push subscription)',
  pushUnsubscribeBody: 'reader',
  syncTelegramPostBody: 'the spec names no field ("the URL is sent"): the address is taken from url, link or postUrl',
};

const isSchema = (value: unknown): value is ZodType => typeof (value as ZodType | undefined)?.safeParse === 'function';
const bodies = Object.entries(contracts as Record<string, unknown>)
  .flatMap(([name, value]): Array<[string, ZodType]> => (name.endsWith('Body') && isSchema(value) ? [[name, value]] : []));
const unknownKeys = (schema: ZodType) => {
  const result = schema.safeParse({ zzUnknownField: 1 });
  return result.success ? [] : result.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
};

describe('request bodies', () => {
  it('are all found', () => {
    expect(bodies.length).toBeGreaterThan(40);
    for (const name of Object.keys(TOLERANT)) expect(bodies.map(([n]) => n), name).toContain(name);
  });

  it.each(bodies.filter(([name]) => !(name in TOLERANT)))('%s refuses a field it does not know, and names it', (_name, schema) => {
    const issues = unknownKeys(schema);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ keys: ['zzUnknownField'] });
    // Not the text a body that is no object at all gets (a step's "enter the code"): that would hide the field.
    const notAnObject = schema.safeParse(42);
    if (!notAnObject.success) expect(issues[0].message).not.toBe(notAnObject.error.issues[0].message);
  });

  it.each(bodies.filter(([name]) => name in TOLERANT))('%s ignores a field it does not know', (_name, schema) => {
    expect(unknownKeys(schema)).toEqual([]);
  });
});

// An id is a number, or a string of plain decimal digits (a path, a query, a form). `true` is not 1,
// `[44]` is not 44 and "0x10" is not 16: each would act on an article or post nobody named.
describe('ids in bodies and paths', () => {
  const cases: Array<[string, ZodType, (id: unknown) => unknown, string]> = [
    ['toggleBookmarkBody', contracts.toggleBookmarkBody, (id) => ({ articleId: id }), 'articleId'],
    ['trackEventBody', contracts.trackEventBody, (id) => ({ articleId: id, event: 'view' }), 'articleId'],
    ['processPostBody', contracts.processPostBody, (id) => ({ postId: id }), 'postId'],
    ['processRangeBody', contracts.processRangeBody, (id) => ({ startId: id, endId: 50 }), 'startId'],
    ['blockedPostParams', contracts.blockedPostParams, (id) => ({ telegramId: id, source: 'akhbar_rooz' }), 'telegramId'],
  ];

  it.each(cases)('%s takes 44 and "44" and refuses every other spelling or type', (_name, schema, body, field) => {
    for (const id of [44, '44']) {
      const parsed = schema.safeParse(body(id));
      expect(parsed.success, `${JSON.stringify(id)}`).toBe(true);
      expect((parsed.data as Record<string, unknown>)[field]).toBe(44);
    }
    for (const id of [true, false, [44], { id: 44 }, '0x2c', '4.4e1', '+44', '044', ' 44 ', '']) {
      const parsed = schema.safeParse(body(id));
      expect(parsed.success, `${JSON.stringify(id)}`).toBe(false);
      expect(parsed.error!.issues.map((i) => i.path[0]), `${JSON.stringify(id)}`).toContain(field);
      expect(parsed.error!.issues[0].message, `${JSON.stringify(id)}`).toMatch(/^شناسه (مقاله|پست) باید عدد باشد$/);
    }
  });
});
