// System health (spec 03 §3): the database, the AI text service (configured? able to give
// a checked structured answer?), the speech service (espeak-ng speaking Persian, ffmpeg with
// an MP3 encoder), storage, the mail server (configured? logging in?), and the two channels. Checks that reach outside are kept for a
// while: the page polls every 30 s, and the AI probe spends tokens, so it is asked at most
// every few minutes (sooner again after a failure). Every check has its own deadline
// (HEALTH_CHECK_TIMEOUT_MS): a service that does not answer by then is down for not answering,
// and its request is aborted, so no poll of the page ever waits on a stuck dependency.
import os from 'node:os';
import { sourceKindLabel, type ServiceHealth, type SystemHealth } from '@chapar/shared/contracts';
import { handle, ltr } from '@chapar/shared/text';
import { DEFAULT_AI_MODEL, probeAiEndpoint } from '../../integrations/ai/index.ts';
import { DeadlineError, noAnswerWithin, withDeadline } from '../../integrations/deadline.ts';
import { missingMailSettings } from '../../integrations/mail/index.ts';
import { StorageUnavailableError } from '../../integrations/storage/index.ts';
import { channelRepo } from '../channels/repo.ts';
import { PODCAST_OWNER_MISSING } from '../feeds/podcast-feed.ts';
import type { Services } from '../../services.ts';
import { checkProxies, proxyLabel } from './proxy-health.ts';
import { checkRemoteSpeech, checkSpeech, SPEECH_TOOLS, type SpeechTools } from './speech-health.ts';

type HealthCheckerDeps = Pick<Services, 'config' | 'database' | 'db' | 'storage' | 'speech' | 'sources' | 'mailer'> & Partial<Pick<Services, 'log'>>;

const REMOTE_TTL_MS = 60_000;
/** A working AI endpoint is asked again after this long; a failing one after REMOTE_TTL_MS. */
export const AI_HEALTHY_TTL_MS = 5 * 60_000;
const processStart = Date.now() - Math.round(process.uptime() * 1000);

type Check = Omit<ServiceHealth, 'id' | 'service' | 'lastChecked'>;

/** Where media is kept, as the storage card names it. */
const STORAGE_KIND_LABELS: Record<Services['storage']['kind'], string> = { local: 'دیسک همین سرور', s3: 'سطل', memory: 'حافظهٔ موقت' };

/** One check within `ms`; the signal aborts the check's own requests when the time is up. */
async function timed(ms: number, fn: (signal: AbortSignal) => Promise<Partial<Check> | void>): Promise<Check> {
  const started = performance.now();
  try {
    const extra = (await withDeadline(ms, 'health check', fn)) ?? {};
    return { status: 'healthy', error: null, responseTime: Math.round(performance.now() - started), ...extra };
  } catch (error) {
    // This check's own deadline; a service that gave up on its own deadline first says so itself.
    const said = error instanceof DeadlineError ? noAnswerWithin(ms) : (error as Error).message;
    return { status: 'down', error: said, responseTime: Math.round(performance.now() - started) };
  }
}

export class HealthChecker {
  private readonly cache = new Map<string, { until: number; service: string; value: Promise<ServiceHealth> }>();

  private readonly ms: number;

  constructor(private readonly s: HealthCheckerDeps, private readonly speechTools: SpeechTools = SPEECH_TOOLS) {
    this.ms = s.config.healthCheckTimeoutMs;
  }

  /**
   * A check's result, kept for `ttlMs` (or `ttlFor(result)`). Callers arriving while a check
   * runs share it, so two health requests at once still ask the outside world once; a check
   * ends by its deadline, so sharing never holds a caller longer than that.
   */
  private cached(id: string, service: string, ttlMs: number, check: () => Promise<Check>, ttlFor?: (c: Check) => number): Promise<ServiceHealth> {
    const hit = this.cache.get(id);
    // A new label (the channel source changed) is a new check.
    if (hit && hit.service === service && Date.now() < hit.until) return hit.value;
    const value = check().then((c) => {
      const entry = this.cache.get(id);
      if (entry?.value === value) entry.until = Date.now() + (ttlFor?.(c) ?? ttlMs);
      return { id, service, ...c, lastChecked: new Date().toISOString() };
    });
    value.catch(() => { if (this.cache.get(id)?.value === value) this.cache.delete(id); });
    this.cache.set(id, { until: Infinity, service, value });
    return value;
  }

  /** Forgets every kept result: the next report asks each service again (the manual refresh). */
  forget(): void {
    this.cache.clear();
  }

  async services(): Promise<ServiceHealth[]> {
    const { s } = this;
    const { kind, source } = await s.sources.current();
    const via = sourceKindLabel(kind);
    // One card per active channel of the channels table, so a channel added or switched off
    // shows here at once. The first channel of each role keeps the key channel:{role}; a
    // further one is channel:{username}. A role without an active channel says so.
    const active = await channelRepo.active(s.db);
    const channelChecks = (['primary', 'secondary'] as const).flatMap((role) => {
      const ofRole = active.filter((c) => c.role === role);
      const roleName = role === 'primary' ? 'کانال اصلی' : 'کانال دوم';
      if (!ofRole.length) {
        return [Promise.resolve<ServiceHealth>({ id: `channel:${role}`, service: `${roleName} (${via})`, status: 'degraded', error: 'کانال فعالی با این نقش در فهرست کانال‌ها نیست', responseTime: null, lastChecked: new Date().toISOString() })];
      }
      return ofRole.map((channel, i) => {
        // The handle is isolated so it reads right inside the Persian label.
        const label = `${roleName} ${handle(channel.username)} (${via})`;
        return this.cached(i === 0 ? `channel:${role}` : `channel:${channel.username}`, label, REMOTE_TTL_MS, () => timed(this.ms, async () => {
          const page = await source.fetchPage(channel.username);
          if (!page.posts.length) return { status: 'degraded', error: 'صفحه کانال پستی ندارد' };
        }));
      });
    });
    return Promise.all([
      this.cached('database', 'پایگاه داده', 0, () => timed(this.ms, async () => { await s.database.raw.query('select 1'); })),
      this.cached('ai', 'سرویس هوش مصنوعی متن', REMOTE_TTL_MS, () => this.ai(), (c) => (c.status === 'healthy' ? AI_HEALTHY_TTL_MS : REMOTE_TTL_MS)),
      this.cached('speech', s.speech.engine.kind === 'remote' ? 'سرویس گفتار (سرویس بیرونی)' : 'سرویس گفتار (روی همین سرور)', REMOTE_TTL_MS, () => timed(this.ms, async (signal) => {
        const speech = s.speech.engine.kind === 'remote' ? await checkRemoteSpeech(s.speech, signal) : await checkSpeech(this.speechTools);
        if (speech.status === 'down') throw new Error(speech.error);
      })),
      // The bucket's name is isolated, as the channels' handles are.
      this.cached('storage', s.config.s3 ? `ذخیره‌سازی رسانه (سطل ${ltr(s.config.s3.bucket)})` : `ذخیره‌سازی رسانه (${STORAGE_KIND_LABELS[s.storage.kind]})`, 0, () => timed(this.ms, (signal) => this.storage(signal))),
      this.cached('telegram-proxy', proxyLabel(s.config), REMOTE_TTL_MS, () => this.proxy()),
      this.cached('mail', s.mailer ? `سرویس ایمیل (سرور ${ltr(s.mailer.server)})` : 'سرویس ایمیل', REMOTE_TTL_MS, () => this.mail()),
      // The owner's address is isolated, as the handles are.
      this.cached('podcast-feed', s.config.podcastOwnerEmail ? `فید پادکست (مالک ${ltr(s.config.podcastOwnerEmail)})` : 'فید پادکست', 0, async () => this.podcastFeed()),
      ...channelChecks,
    ]);
  }

  /** The store's probe; its failure is said in Persian on the page, the SDK's own words go to the log. */
  private async storage(signal: AbortSignal): Promise<void> {
    try {
      await this.s.storage.probe(signal);
    } catch (error) {
      const technical = error instanceof StorageUnavailableError ? error.technical : undefined;
      this.s.log?.warn(`storage health check failed: ${technical ?? (error as Error).message}`);
      throw error;
    }
  }

  private async ai(): Promise<Check> {
    const { baseUrl, apiKey, model } = this.s.config.ai;
    if (!baseUrl || !apiKey) return { status: 'degraded', error: `تنظیم نشده (${ltr('AI_BASE_URL')} و ${ltr('AI_API_KEY')})؛ بازنویس آفلاین به کار می‌رود`, responseTime: null };
    return timed(this.ms, async () => {
      const probe = await probeAiEndpoint({ baseUrl, apiKey, model: model?.trim() || DEFAULT_AI_MODEL, timeoutMs: this.ms });
      if (!probe.ok) throw new Error(`${probe.error ?? 'پاسخ نداد'}؛ تا رفع آن، بازنویس آفلاین مقاله‌ها را می‌نویسد`);
    });
  }

  /** The SMTP server the newsletter sends through: connected to and logged in, nothing sent. */
  private async mail(): Promise<Check> {
    const { mailer, config } = this.s;
    if (!mailer) {
      return { status: 'degraded', error: `تنظیم نشده (${missingMailSettings(config.mail).map((name) => ltr(name)).join(' و ')})؛ خبرنامه و ایمیل‌های تأیید فرستاده نمی‌شوند`, responseTime: null };
    }
    return timed(this.ms, (signal) => mailer.verify(signal));
  }

  /** The podcast feed's owner address (itunes:email): without it Apple Podcasts cannot confirm who owns the show. */
  private podcastFeed(): Check {
    if (this.s.config.podcastOwnerEmail) return { status: 'healthy', error: null, responseTime: null };
    return { status: 'degraded', error: PODCAST_OWNER_MISSING, responseTime: null };
  }

  /** Which proxy reaches Telegram, and whether it works; nothing to ask without one. */
  private async proxy(): Promise<Check> {
    const { config } = this.s;
    if (!config.telegramProxy && !config.telegramMtprotoProxy) return { status: 'healthy', error: null, responseTime: null };
    return timed(this.ms, () => checkProxies(config));
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
