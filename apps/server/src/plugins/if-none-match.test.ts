import { describe, expect, it } from 'vitest';
import { namesEtag } from './if-none-match.ts';

describe('If-None-Match', () => {
  it('names the tag itself, a list holding it, its weak form and "*"', () => {
    for (const header of ['"abc"', 'W/"abc"', '"zzz", "abc"', 'W/"zzz",W/"abc"', ' * ']) expect(namesEtag(header, '"abc"'), header).toBe(true);
    expect(namesEtag('"abc"', 'W/"abc"')).toBe(true);
  });

  it('names nothing else', () => {
    for (const header of [undefined, '', '"ab"', '"abcd"', 'abc', '"zzz", W/"xyz"', '"abc']) expect(namesEtag(header, '"abc"'), String(header)).toBe(false);
  });
});
