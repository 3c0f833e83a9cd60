// A podcast feed with no owner address (neither PODCAST_OWNER_EMAIL nor MAIL_FROM) has no
// itunes:email, so Apple Podcasts cannot verify who owns the show: the server log says so at
// start-up and the admin's health page says so in Persian. With an address, both are quiet.
import Fastify from 'fastify';
import pino from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemHealth } from '@chapar/shared/contracts';
import { createMemoryStorage } from '../../integrations/storage/index.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { feedRoutes } from './routes.ts';

const OWNER = 'podcast@chapar.example';
const MISSING = 'نشانی ایمیل مالک پادکست تنظیم نشده است (\u2066PODCAST_OWNER_EMAIL\u2069 یا \u2066MAIL_FROM\u2069)؛ '
  + 'فید \u2066/podcast.xml\u2069 برچسب \u2066itunes:email\u2069 ندارد و «اپل پادکست» نمی‌تواند مالکیت برنامه را تأیید کند';

async function podcastCard(t: TestApp) {
  const { cookie } = await loginAsAdmin(t.app);
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/system/health', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return (res.json() as SystemHealth).services.find((s) => s.id === 'podcast-feed');
}

describe('a podcast feed with no owner address', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp({ config: { podcastOwnerEmail: undefined } }); });
  afterAll(async () => { await t?.close(); });

  it('has no itunes:email, and the health page says so in Persian with what to set', async () => {
    const feed = await t.app.inject({ method: 'GET', url: '/podcast.xml' });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).not.toContain('itunes:email');
    expect(await podcastCard(t)).toMatchObject({ service: 'فید پادکست', status: 'degraded', error: MISSING, responseTime: null });
  });
});

describe('a podcast feed with an owner address', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp({ config: { podcastOwnerEmail: OWNER } }); });
  afterAll(async () => { await t?.close(); });

  it('names it in the feed, and the health page shows it isolated, healthy', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/podcast.xml' })).body).toContain(`<itunes:email>${OWNER}</itunes:email>`);
    expect(await podcastCard(t)).toMatchObject({ service: `فید پادکست (مالک \u2066${OWNER}\u2069)`, status: 'healthy', error: null });
  });
});

describe('the start-up log', () => {
  /** The warnings logged while the feed routes register. */
  async function warnings(ownerEmail: string | undefined): Promise<string[]> {
    const lines: Array<{ level: number; msg: string }> = [];
    const app = Fastify({ loggerInstance: pino({ level: 'info' }, { write: (line: string) => { lines.push(JSON.parse(line) as { level: number; msg: string }); } }) });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(feedRoutes, { db: {} as never, storage: createMemoryStorage({ baseUrl: '/media' }), site: { baseUrl: 'https://chapar.example', siteName: 'چاپار', ownerEmail } });
    await app.ready();
    await app.close();
    return lines.filter((l) => l.level === 40).map((l) => l.msg);
  }

  it('warns once when the feed has no owner address, and not when it has one', async () => {
    expect(await warnings(undefined)).toEqual(['Neither PODCAST_OWNER_EMAIL nor MAIL_FROM is set: /podcast.xml has no itunes:email, so Apple Podcasts cannot verify who owns the show']);
    expect(await warnings(OWNER)).toEqual([]);
  });
});
