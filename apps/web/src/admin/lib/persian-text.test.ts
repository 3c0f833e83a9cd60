import { describe, expect, it } from 'vitest';
import { persianServerText } from './persian-text.ts';

const LRI = '\u2066';
const PDI = '\u2069';

describe('persianServerText', () => {
  it('writes the numbers of a reason in Persian digits and isolates Latin names, their digits as written', () => {
    expect(persianServerText('تکراری مقالهٔ 54 (حذف توسط admin2)')).toBe(`تکراری مقالهٔ ۵۴ (حذف توسط ${LRI}admin2${PDI})`);
    expect(persianServerText('پست 1010 از @news_24 در t.me/news24/7')).toBe(`پست ۱۰۱۰ از ${LRI}@news_24${PDI} در ${LRI}t.me/news24/7${PDI}`);
    expect(persianServerText('بدون عدد')).toBe('بدون عدد');
  });

  it('leaves what the server already isolated as it is', () => {
    expect(persianServerText(`حذف گروهی توسط ${LRI}editor${PDI} در 3 مرحله`)).toBe(`حذف گروهی توسط ${LRI}editor${PDI} در ۳ مرحله`);
    expect(persianServerText('\u2068@akhbar_rooz\u2069: 12 پست')).toBe('\u2068@akhbar_rooz\u2069: ۱۲ پست');
  });
});
