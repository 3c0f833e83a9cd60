import { describe, expect, it } from 'vitest';
import { DeadlineError } from './deadline.ts';
import { channelFailureText, failureText } from './failure-text.ts';
import { MtprotoError } from './telegram/mtproto/index.ts';
import { TelegramFetchError } from './telegram/index.ts';

const NAMED = '\u2066@khabar_dovom\u2069: ';

describe('a channel check that failed names the channel, whatever failed', () => {
  it('the signed-in account could not read it', () => {
    const error = new MtprotoError('channel_unavailable', 'USERNAME_NOT_OCCUPIED');
    expect(failureText(error, 'khabar_dovom')).toBe('کانال در تلگرام در دسترس نیست');
    expect(channelFailureText(error, 'khabar_dovom')).toBe(`${NAMED}کانال در تلگرام در دسترس نیست`);
  });

  it('it did not answer in time, or the database failed', () => {
    expect(channelFailureText(new DeadlineError('t.me', 20_000), 'khabar_dovom')).toBe(`${NAMED}کار در ۲۰ ثانیه پاسخ نداد`);
    expect(channelFailureText(new Error('connection terminated'), 'khabar_dovom')).toBe(`${NAMED}خطای داخلی در اجرای کار (جزئیات در گزارش سرور)`);
  });

  it('the public page failed: named once, not twice', () => {
    const error = new TelegramFetchError('not_found', 'no preview', { url: 'https://t.me/s/khabar_dovom', status: 302, attempts: 1 });
    const text = channelFailureText(error, 'khabar_dovom');
    expect(text).toBe(failureText(error, 'khabar_dovom'));
    expect(text.startsWith(NAMED)).toBe(true);
    expect(text.split('@khabar_dovom')).toHaveLength(2);
  });
});
