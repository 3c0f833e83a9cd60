// A post in a report is written as the plan writes it: '@channel/id', isolated left to right.
import { describe, expect, it } from 'vitest';
import { handle, ltr } from '../text/bidi.ts';
import { reportItemName, reportLine } from './operations.ts';

describe('report items', () => {
  it('name a post by its handle and id, as the plan does; the stored filename is left as it is', () => {
    const item = { fileType: 'post', filename: 'chapar_demo/1133', reason: 'پست یافت نشد' };
    expect(reportItemName(item)).toBe('@chapar_demo/1133');
    expect(reportLine(item)).toBe(`پست ${handle('chapar_demo/1133')}: پست یافت نشد`);
    expect(item.filename).toBe('chapar_demo/1133');
    // Never twice the @.
    expect(reportItemName({ fileType: 'post', filename: '@chapar_demo/1133' })).toBe('@chapar_demo/1133');
  });

  it('name a file by its file name, without an @', () => {
    const item = { fileType: 'image', filename: '103-0-image.jpg', reason: 'ذخیره شد' };
    expect(reportItemName(item)).toBe('103-0-image.jpg');
    expect(reportLine(item)).toBe(`تصویر ${ltr('103-0-image.jpg')}: ذخیره شد`);
    expect(reportLine({ fileType: null, filename: null, reason: 'بدون رسانه' })).toBe('مورد: بدون رسانه');
  });
});
