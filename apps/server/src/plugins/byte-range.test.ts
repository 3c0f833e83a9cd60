import { describe, expect, it } from 'vitest';
import { resolveByteRange } from './media.ts';

describe('a Range header resolved against the object size', () => {
  it('sends the whole object without a header, for another unit, several ranges or a malformed value', () => {
    for (const header of [undefined, '', 'items=0-10', 'bytes=0-10,20-30', 'bytes=abc', 'bytes=-', 'bytes=20-10']) {
      expect(resolveByteRange(header, 1000), String(header)).toBeNull();
    }
  });

  it('takes a start and end, an open end, and a suffix, clipped to the object', () => {
    expect(resolveByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(resolveByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveByteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('is unsatisfiable past the end, for an empty suffix and on an empty object', () => {
    expect(resolveByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(resolveByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(resolveByteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});
