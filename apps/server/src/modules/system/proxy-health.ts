// The system monitor's line for how Telegram is reached: which proxy carries what (kind and
// host:port only, never the user name, password or secret), and whether it works: a request
// through TELEGRAM_PROXY_URL to Telegram's web base, a TCP connection to the MTProto proxy.
import type { Config } from '../../config.ts';
import { describeProxy, probeThroughProxy, tcpReachable } from '../../integrations/telegram/index.ts';

/** Latin inside the Persian label (FSI…PDI), so a host:port does not mirror. */
const isolate = (text: string) => `\u2068${text}\u2069`;

export function proxyLabel(config: Pick<Config, 'telegramProxy' | 'telegramMtprotoProxy'>): string {
  const { telegramProxy: http, telegramMtprotoProxy: mtproto } = config;
  if (!http && !mtproto) return 'اتصال به تلگرام: مستقیم، بدون پراکسی';
  if (http && mtproto) return `پراکسی تلگرام: ${isolate(describeProxy(http))} (صفحه‌های کانال و رسانه‌ها) و ${isolate(describeProxy(mtproto))} (حساب تلگرام سایت)`;
  if (mtproto) return `پراکسی تلگرام: ${isolate(describeProxy(mtproto))} (حساب تلگرام سایت؛ صفحه‌ها و رسانه‌ها بی‌پراکسی)`;
  return http?.kind === 'socks5'
    ? `پراکسی تلگرام: ${isolate(describeProxy(http))} (صفحه‌های کانال، رسانه‌ها و حساب تلگرام سایت)`
    : `پراکسی تلگرام: ${isolate(describeProxy(http!))} (صفحه‌های کانال و رسانه‌ها؛ حساب تلگرام سایت بی‌پراکسی)`;
}

const reason = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string }; message?: string };
  return e.cause?.code ?? e.code ?? e.message ?? String(error);
};

/** Resolves when every configured proxy works; rejects with the Persian reasons otherwise. */
export async function checkProxies(config: Pick<Config, 'telegramProxy' | 'telegramMtprotoProxy' | 'telegramWebBaseUrl'>): Promise<void> {
  const { telegramProxy: http, telegramMtprotoProxy: mtproto } = config;
  const failures = await Promise.all([
    http && probeThroughProxy(http, `${config.telegramWebBaseUrl}/`).then(() => null, (error: unknown) =>
      `از راه ${isolate(describeProxy(http))} به ${isolate(new URL(config.telegramWebBaseUrl).host)} نرسید (${isolate(reason(error))})`),
    mtproto && tcpReachable(mtproto.host, mtproto.port).then(() => null, (error: unknown) =>
      `پراکسی ${isolate(describeProxy(mtproto))} پاسخ نداد (${isolate(reason(error))})`),
  ]);
  const problems = failures.filter((f): f is string => typeof f === 'string');
  if (problems.length) throw new Error(problems.join('؛ '));
}
