// A monitor switched on with no channel switched on does nothing: its status has no next check to
// count down to, and its check says so in the editor's words, naming no environment variable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ACTIVE_CHANNEL_TEXT } from '@chapar/shared/contracts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { monitorState } from './state-repo.ts';

let t: IngestTestApp;

beforeAll(async () => { t = await buildIngestTestApp({ channels: [], monitorAutostart: true }); });
afterAll(async () => { await t?.close(); });

const status = async () => (await t.get('/api/admin/auto-monitor/status')).json() as { isMonitoring: boolean; activeChannels: number; nextCheck: string | null; lastResults: { errors: string[] } };

describe('the auto-monitor with no active channel', () => {
  it('has no next check while no channel is switched on', async () => {
    expect(await status()).toMatchObject({ isMonitoring: true, activeChannels: 0, nextCheck: null });
  });

  it('checks now: says that it does nothing and what to do, without TELEGRAM_CHANNELS', async () => {
    const res = await t.post('/api/admin/auto-monitor/force-check');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; message: string; result: { errors: string[] } };
    expect(body.result.errors).toEqual([NO_ACTIVE_CHANNEL_TEXT]);
    expect(res.body).not.toContain('TELEGRAM_CHANNELS');
    const after = await status();
    expect(after.lastResults.errors).toEqual([NO_ACTIVE_CHANNEL_TEXT]);
    expect(after.nextCheck).toBeNull();
  });

  it('words a last check stored before, that named the variable, as the editor reads it', async () => {
    await monitorState.setLastResults(t.database.db, {
      newPosts: 0, lastCheck: new Date().toISOString(), success: false, posts: [],
      errors: ['هیچ کانال فعالی پیکربندی نشده است (\u2066TELEGRAM_CHANNELS\u2069)'],
    });
    const res = await t.get('/api/admin/auto-monitor/status');
    expect(res.body).not.toContain('TELEGRAM_CHANNELS');
    expect((res.json() as { lastResults: { errors: string[] } }).lastResults.errors).toEqual([NO_ACTIVE_CHANNEL_TEXT]);
  });

  it('counts down again once a channel is switched on', async () => {
    const added = await t.post('/api/admin/channels', { username: 'akhbar_rooz', role: 'primary', title: 'اخبار روز' });
    expect(added.statusCode).toBe(201);
    const next = (await status()).nextCheck;
    expect(next).not.toBeNull();
    expect(Date.parse(String(next)) - Date.now()).toBeGreaterThan(0);
  });
});
