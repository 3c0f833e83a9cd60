// The system monitor's line for how Telegram is reached: which proxy carries what (kind and
// host:port only, never the user name, password or secret), and whether it works: a request
// through TELEGRAM_PROXY_URL to Telegram's web base, a TCP connection to the MTProto proxy.
import type { Config } from '../../config.ts';
import { describeProxy, probeThroughProxy, tcpReachable } from '../../integrations/telegram/index.ts';

/** Latin inside the Persian label (FSI…PDI), so a host:port does not mirror. */
const isolate = (text: string) => `\u2068${text}\u2069`;

// A no-break space keeps the kind beside its host:port when the label wraps.
const named = (proxy: Parameters<typeof describeProxy>[0]) => isolate(describeProxy(proxy).replace(' ', '\u00a0'));

export function proxyLabel(config: Pick<Config, 'telegramProxy' | 'telegramMtprotoProxy'>): string {
  const { telegramProxy: http, telegramMtprotoProxy: mtproto } = config;
  if (!http && !mtproto) return 'اتصال به تلگرام: مستقیم، بدون پراکسی';
  if (http && mtproto) return `پراکسی تلگرام: ${named(http)} (صفحه‌های کانال و رسانه‌ها) و ${named(mtproto)} (حساب تلگرام سایت)`;
  if (mtproto) return `پراکسی تلگرام: ${named(mtproto)} (حساب تلگرام سایت؛ صفحه‌ها و رسانه‌ها بی‌پراکسی)`;
  return http?.kind === 'socks5'
    ? `پراکسی تلگرام: ${named(http)} (صفحه‌های کانال، رسانه‌ها و حساب تلگرام سایت)`
    : `پراکسی تلگرام: ${named(http!)} (صفحه‌های کانال و رسانه‌ها؛ حساب تلگرام سایت بی‌پراکسی)`;
}

/** What went wrong, in Persian, with the system's own code isolated after it. */
function reason(error: unknown): string {
  const e = error as { name?: string; code?: string; cause?: { code?: string }; message?: string };
  const code = e.cause?.code ?? e.code ?? /\b(E[A-Z]{3,})\b/.exec(e.message ?? '')?.[1] ?? e.name ?? 'Error';
  const text = /REFUSED|RESET/.test(code) || /refused|rejected/i.test(e.message ?? '') ? 'اتصال پذیرفته نشد'
    : /TIMEOUT|TIMEDOUT|Abort/i.test(code) || /timed? ?out/i.test(e.message ?? '') ? 'در زمان مقرر پاسخی نیامد'
      : /NOTFOUND|EAI_AGAIN/.test(code) ? 'نشانی پیدا نشد'
        : 'خطای اتصال';
  return `${text} (${isolate(code)})`;
}

/** Resolves when every configured proxy works; rejects with the Persian reasons otherwise. */
export async function checkProxies(config: Pick<Config, 'telegramProxy' | 'telegramMtprotoProxy' | 'telegramWebBaseUrl'>): Promise<void> {
  const { telegramProxy: http, telegramMtprotoProxy: mtproto } = config;
  const failures = await Promise.all([
    http && probeThroughProxy(http, `${config.telegramWebBaseUrl}/`).then(() => null, (error: unknown) =>
      `از راه ${isolate(describeProxy(http))} به ${isolate(new URL(config.telegramWebBaseUrl).host)} نرسید: ${reason(error)}`),
    mtproto && tcpReachable(mtproto.host, mtproto.port).then(() => null, (error: unknown) =>
      `پراکسی ${isolate(describeProxy(mtproto))} در دسترس نیست: ${reason(error)}`),
  ]);
  const problems = failures.filter((f): f is string => typeof f === 'string');
  if (problems.length) throw new Error(problems.join('؛ '));
}
