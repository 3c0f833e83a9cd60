// System health (spec 03 §3): the database, the AI text service (configured? reachable?),
// the speech service (espeak-ng, and ffmpeg for MP3), storage, and the two channels.
// Checks that reach outside are kept for a minute: the page polls every 30 s.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import type { ServiceHealth, SystemHealth } from '@chapar/shared/contracts';
import { probeAiEndpoint } from '../../integrations/ai/index.ts';
import type { Services } from '../ingest/services.ts';

const run = promisify(execFile);
const REMOTE_TTL_MS = 60_000;
const processStart = Date.now() - Math.round(process.uptime() * 1000);

type Check = Omit<ServiceHealth, 'id' | 'service' | 'lastChecked'>;

async function timed(fn: () => Promise<Partial<Check> | void>): Promise<Check> {
  const started = performance.now();
  try {
    const extra = (await fn()) ?? {};
    return { status: 'healthy', error: null, responseTime: Math.round(performance.now() - started), ...extra };
  } catch (error) {
    return { status: 'down', error: (error as Error).message, responseTime: Math.round(performance.now() - started) };
  }
}

/** ffmpeg answers `-version`, espeak-ng `--version`. */
async function commandPresent(command: string, flag = '--version'): Promise<boolean> {
  return run(command, [flag], { timeout: 5_000 }).then(() => true, () => false);
}

export class HealthChecker {
  private readonly cache = new Map<string, { at: number; value: ServiceHealth }>();

  constructor(private readonly s: Services) {}

  private async cached(id: string, service: string, ttlMs: number, check: () => Promise<Check>): Promise<ServiceHealth> {
    const hit = this.cache.get(id);
    if (hit && Date.now() - hit.at < ttlMs && hit.value.service === service) return hit.value;
    const value = { id, service, ...(await check()), lastChecked: new Date().toISOString() };
    this.cache.set(id, { at: Date.now(), value });
    return value;
  }

  async services(): Promise<ServiceHealth[]> {
    const { s } = this;
    const { kind, source } = await s.sources.current();
    const channelChecks = (['primary', 'secondary'] as const).map((role) => {
      const channel = s.config.channels.find((c) => c.role === role);
      const label = `${role === 'primary' ? 'کانال اصلی' : 'کانال دوم'}${channel ? ` @${channel.username}` : ''} (${kind})`;
      if (!channel) return Promise.resolve<ServiceHealth>({ id: `channel:${role}`, service: label, status: 'degraded', error: 'پیکربندی نشده (TELEGRAM_CHANNELS)', responseTime: null, lastChecked: new Date().toISOString() });
      return this.cached(`channel:${role}`, label, REMOTE_TTL_MS, () => timed(async () => {
        const page = await source.fetchPage(channel.username);
        if (!page.posts.length) return { status: 'degraded', error: 'صفحه کانال پستی ندارد' };
      }));
    });
    return Promise.all([
      this.cached('database', 'پایگاه داده', 0, () => timed(async () => { await s.database.raw.query('select 1'); })),
      this.cached('ai', 'سرویس هوش مصنوعی متن', REMOTE_TTL_MS, () => this.ai()),
      this.cached('speech', 'سرویس گفتار (espeak-ng)', REMOTE_TTL_MS, () => timed(async () => {
        if (!(await commandPresent('espeak-ng'))) throw new Error('espeak-ng نصب نیست؛ پادکست ساخته نمی‌شود');
        if (!(await commandPresent('ffmpeg', '-version'))) return { status: 'degraded', error: 'ffmpeg نصب نیست؛ خروجی MP3 و واترمارک ویدیو ممکن نیست' };
      })),
      this.cached('storage', `ذخیره‌سازی رسانه (${s.storage.kind})`, 0, () => timed(() => s.storage.probe())),
      ...channelChecks,
    ]);
  }

  private async ai(): Promise<Check> {
    const { baseUrl, apiKey } = this.s.config.ai;
    if (!baseUrl || !apiKey) return { status: 'degraded', error: 'تنظیم نشده (AI_BASE_URL و AI_API_KEY)؛ بازنویس آفلاین به کار می‌رود', responseTime: null };
    return timed(async () => {
      const probe = await probeAiEndpoint({ baseUrl, apiKey });
      if (!probe.reachable || probe.unauthorized) throw new Error(probe.error ?? 'در دسترس نیست');
    });
  }

  async report(): Promise<SystemHealth> {
    const services = await this.services();
    const database = services.find((x) => x.id === 'database');
    const overall = database?.status === 'down' ? 'down' : services.every((x) => x.status === 'healthy') ? 'healthy' : 'degraded';
    const total = os.totalmem();
    const free = os.freemem();
    return {
      overall,
      uptime: Date.now() - processStart,
      memory: { percentage: Math.round(((total - free) / total) * 1000) / 10, used: total - free, free },
      timestamp: new Date().toISOString(),
      services,
    };
  }
}
