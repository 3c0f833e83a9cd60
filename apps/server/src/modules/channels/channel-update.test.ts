import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '@chapar/db';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { EMPTY_CHANNEL_PATCH_MESSAGE } from './service.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ config: { channels: [{ role: 'primary', username: 'akhbar_rooz' }] } });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
});
afterAll(async () => { await t?.close(); });

const patch = (id: number | string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/channels/${id}`, headers, payload: payload as object });

describe('PATCH /api/admin/channels/{id}', () => {
  it('answers an empty change with 400 and a Persian message, and leaves the row as it was', async () => {
    const [before] = await t.database.db.select().from(channels);
    for (const body of [{}, { title: undefined }]) {
      const res = await patch(before.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request', message: EMPTY_CHANNEL_PATCH_MESSAGE });
    }
    const [after] = await t.database.db.select().from(channels);
    expect(after).toEqual(before);
  });

  it('still changes the title when one is sent', async () => {
    const [row] = await t.database.db.select().from(channels);
    const res = await patch(row.id, { title: 'اخبار روز' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, title: 'اخبار روز' });
  });

  it.each(['\u200b\u200b', '\u202e', '\u200c', '', '  '])('refuses the title %j: a channel keeps a title people can see', async (title) => {
    const [before] = await t.database.db.select().from(channels);
    const res = await patch(before.id, { title });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'عنوان کانال باید دست‌کم یک نویسهٔ دیدنی داشته باشد' });
    const [after] = await t.database.db.select().from(channels);
    expect(after).toEqual(before);
  });

  it('stores a title without its direction controls, and refuses an invisible one for a new channel', async () => {
    const [row] = await t.database.db.select().from(channels);
    const res = await patch(row.id, { title: '\u202eاخبار \u2066روز\u2069' });
    expect(res.json()).toMatchObject({ title: 'اخبار روز' });
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/channels', headers, payload: { username: 'khabar_tazeh', role: 'secondary', title: '\u200b\u2067' } });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ error: 'validation_error', message: 'عنوان کانال باید دست‌کم یک نویسهٔ دیدنی داشته باشد' });
    expect(await t.database.db.select().from(channels)).toHaveLength(1);
  });

  it.each([['2147483648', 400], ['99999999999', 400], ['-1', 400], ['4242', 404]])('id %s answers %i', async (id, status) => {
    const res = await patch(id, { title: 'x' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });
});
