import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordBody, passwordConfirmBody } from './accounts.ts';
import { loginBody } from './auth.ts';
import { blockedPostParams } from './blocklist.ts';
import { deleteDuplicateQuery } from './duplicates.ts';
import { adminSubscribersQuery } from './newsletter-admin.ts';
import { digestSendsQuery } from './newsletter-mail.ts';

/** The message of the first issue `schema` finds in `input`. */
function messageOf(schema: z.ZodType, input: unknown): string | undefined {
  return schema.safeParse(input).error?.issues[0]?.message;
}

// A field's type message ('… is required', '… must be a number') is zod's schema-level error,
// which also answers any check of that field without a message of its own: each check says what
// is wrong with the value.
describe('a value of the right type that fails a check', () => {
  it('is told it is too long, not that it is missing', () => {
    expect(messageOf(loginBody, { username: 'ن'.repeat(65), password: 'x' })).toBe('نام کاربری بیش از حد بلند است');
    expect(messageOf(loginBody, { username: 'owner', password: 'x'.repeat(257) })).toBe('رمز عبور بیش از حد بلند است');
    expect(messageOf(changePasswordBody, { currentPassword: 'x'.repeat(257), newPassword: 'a-new-password-1' })).toBe('رمز عبور بیش از حد بلند است');
    expect(messageOf(passwordConfirmBody, { password: 'x'.repeat(257) })).toBe('رمز عبور بیش از حد بلند است');
    // The type messages still answer a missing value.
    expect(messageOf(loginBody, { password: 'x' })).toBe('نام کاربری الزامی است');
  });

  it('is told it is too large, negative or fractional, not that it is no number', () => {
    expect(messageOf(adminSubscribersQuery, { offset: '2147483648' })).toBe('جابه‌جایی بیش از حد بزرگ است');
    expect(messageOf(blockedPostParams, { telegramId: '-1', source: 'chapar_news' })).toBe('شناسه پست باید مثبت باشد');
    expect(messageOf(blockedPostParams, { telegramId: '1.5', source: 'chapar_news' })).toBe('شناسه پست باید عدد صحیح باشد');
    expect(messageOf(deleteDuplicateQuery, { originalId: String(2 ** 31) })).toBe('شناسه مقالهٔ اصلی بیش از حد بزرگ است');
    expect(messageOf(deleteDuplicateQuery, { originalId: '0' })).toBe('شناسه مقالهٔ اصلی باید مثبت باشد');
    expect(messageOf(digestSendsQuery, { limit: '2.5' })).toBe('تعداد باید عدد صحیح باشد');
    expect(messageOf(adminSubscribersQuery, { offset: 'abc' })).toBe('جابه‌جایی باید عدد باشد');
  });
});
