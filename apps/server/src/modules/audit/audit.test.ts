import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@chapar/db';
import { AUDIT_FIELD_LABELS, CSRF_HEADER, type AuditEntry, type AuditPage, type OperationRecord } from '@chapar/shared/contracts';
import { createArticle, createComment } from '../../../testing/factories.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { loginAsRole } from '../../../testing/test-app.ts';
import { pruneAuditWorker } from '../../jobs/prune-audit.ts';
import type { Services } from '../../services.ts';
import { ARTICLE_FIELDS } from './operation-articles.ts';
import { SNAPSHOT_FIELDS } from './targets.ts';

let t: IngestTestApp;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0';

beforeAll(async () => {
  t = await buildIngestTestApp();
  await t.database.raw.query(`insert into articles (slug, title, excerpt, content, published_at)
    select 'audit-' || g, 'خبر حسابرسی ' || g, '', '<p>متن خبر شماره ' || g || ' با جزئیات کامل برای آزمون.</p>', now() - (g || ' minutes')::interval
    from generate_series(1, 5) g`);
});
afterAll(async () => { await t?.close(); });

const send = (method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, remoteAddress: '10.9.8.7', headers: { ...t.headers, 'user-agent': UA }, ...(payload ? { payload } : {}) });

async function trail(query = ''): Promise<AuditPage> {
  const res = await t.get(`/api/admin/audit${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as AuditPage;
}
const latest = async (action: string): Promise<AuditEntry> => (await trail(`?action=${action}&limit=1`)).entries[0];

describe('the audit trail', () => {
  it('records an article edit with who, when, from where, and before and after of the changed fields only', async () => {
    const article = await createArticle(t.database, { title: 'عنوان نخست', excerpt: 'خلاصهٔ ثابت' });
    const started = Date.now();
    const res = await send('PATCH', `/api/admin/articles/${article.id}`, { title: 'عنوان دوم', excerpt: 'خلاصهٔ ثابت' });
    expect(res.statusCode).toBe(200);
    const entry = await latest('article.update');
    expect(entry).toMatchObject({
      actor: 'admin', actorRole: 'owner', ip: '10.9.8.7', userAgent: UA, method: 'PATCH', route: '/api/admin/articles/:id',
      targetType: 'article', targetId: String(article.id), status: 200,
    });
    expect(entry.changes).toEqual([{ field: 'title', before: 'عنوان نخست', after: 'عنوان دوم' }]);
    expect(new Date(entry.at).getTime()).toBeGreaterThanOrEqual(started - 1000);
  });

  it('records an edit far into a long body, keeping the part around it, never mid-tag', async () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `<p>بند شمارهٔ ${i + 1} از متنی بلند که بدون تغییر می‌ماند.</p>`).join('');
    const article = await createArticle(t.database, { content: paragraphs });
    expect(paragraphs.length).toBeGreaterThan(2_000);
    const edited = `${paragraphs}<p>بندی که ویراستار در پایان افزود.</p>`;
    expect((await send('PATCH', `/api/admin/articles/${article.id}`, { content: edited })).statusCode).toBe(200);
    const [change] = (await latest('article.update')).changes;
    expect(change.field).toBe('content');
    const [before, after] = [String(change.before), String(change.after)];
    expect(after).toContain('بندی که ویراستار در پایان افزود.');
    expect(before).toContain('بند شمارهٔ 40');
    // Cut before the change ('…' first), never inside a tag: the first '<' comes before the first '>'.
    for (const kept of [before, after]) {
      expect(kept.startsWith('…')).toBe(true);
      expect(kept.indexOf('<')).toBeLessThan(kept.indexOf('>'));
      expect(kept.length).toBeLessThanOrEqual(502);
    }
    expect(before.endsWith('</p>')).toBe(true);
  });

  it('records nothing for a write that failed', async () => {
    const before = (await trail()).total;
    expect((await send('PATCH', '/api/admin/articles/999999', { title: 'هیچ' })).statusCode).toBe(404);
    expect((await send('POST', '/api/admin/users', { username: 'x' })).statusCode).toBe(400);
    expect((await trail()).total).toBe(before);
  });

  it('records a bulk action with each article\'s before and after', async () => {
    const a = await createArticle(t.database);
    const b = await createArticle(t.database);
    const res = await send('POST', '/api/admin/articles/bulk', { action: 'unpublish', articleIds: [a.id, b.id] });
    expect(res.statusCode).toBe(200);
    const entry = await latest('article.bulk');
    expect(entry.details).toMatchObject({ action: 'unpublish', count: 2 });
    expect(entry.changes).toEqual(expect.arrayContaining([
      { id: a.id, field: 'status', before: 'published', after: 'unpublished' },
      { id: b.id, field: 'status', before: 'published', after: 'unpublished' },
    ]));
  });

  it('records a job started, its plan confirmed and its undo, naming the operation', async () => {
    const started = await send('POST', '/api/admin/fix-excerpts');
    const { operationId } = started.json() as { operationId: number };
    const job = await latest('job.start');
    expect(job).toMatchObject({ targetType: 'operation', targetId: String(operationId), details: { kind: 'fix-excerpts', operationId } });
    expect((started.json() as { status: string }).status).toBe('awaiting');

    const confirm = await send('POST', `/api/admin/operations/${operationId}/confirm`, { acknowledgeBreaker: true });
    expect(confirm.statusCode).toBe(200);
    const confirmed = await latest('operation.confirm');
    expect(confirmed).toMatchObject({ actor: 'admin', targetType: 'operation', targetId: String(operationId) });
    expect(confirmed.changes).toEqual(expect.arrayContaining([
      { field: 'status', before: 'awaiting', after: 'success' },
      { field: 'confirmedBy', before: null, after: 'admin' },
    ]));
    const record = (await t.get(`/api/admin/operations/${operationId}`)).json() as OperationRecord;
    expect(record.undoable).toBeGreaterThan(0);
    // What the run did to each article: its excerpt, empty before, written after.
    const excerpts = confirmed.changes.filter((c) => c.field === 'excerpt');
    expect(confirmed.details.articles).toBe(record.undoable);
    // The five articles inserted with an empty excerpt (the run may touch others without changing these fields).
    expect(excerpts).toHaveLength(5);
    for (const change of excerpts) {
      expect(change).toMatchObject({ id: expect.any(Number), before: '' });
      expect(String(change.after).length).toBeGreaterThan(0);
    }

    expect((await send('POST', `/api/admin/operations/${operationId}/undo`)).statusCode).toBe(200);
    const undone = await latest('operation.undo');
    expect(undone.changes).toContainEqual({ field: 'undoneBy', before: null, after: 'admin' });
    // The undo puts each excerpt back as it was.
    const restored = undone.changes.filter((c) => c.field === 'excerpt');
    expect(restored.map((c) => [c.id, c.after]).sort()).toEqual(excerpts.map((c) => [c.id, '']).sort());
    expect(restored.map((c) => [c.id, c.before]).sort()).toEqual(excerpts.map((c) => [c.id, c.after]).sort());
  });

  it('records sign-ins and account changes, and never a password', async () => {
    const owner = await loginAsRole(t, 'owner');
    expect((await latest('auth.login'))).toMatchObject({ actor: 'owner-user', targetType: 'user', details: { method: 'password' } });
    const res = await t.app.inject({
      method: 'POST', url: '/api/admin/users', headers: { cookie: owner.cookie, [CSRF_HEADER]: owner.csrfToken },
      payload: { username: 'roya', password: 'secret-password-never-kept', role: 'editor' },
    });
    expect(res.statusCode).toBe(201);
    const created = await latest('user.create');
    expect(created).toMatchObject({ actor: 'owner-user', targetType: 'user', details: { invited: false } });
    expect(created.changes).toEqual(expect.arrayContaining([
      { field: 'username', before: null, after: 'roya' }, { field: 'role', before: null, after: 'editor' },
    ]));
    const everything = await t.database.db.select().from(auditLog);
    expect(JSON.stringify(everything)).not.toContain('secret-password-never-kept');
  });

  it('is read by the owner only, filtered and paged, and has no way to edit it', async () => {
    const all = await trail('?limit=2');
    expect(all.entries).toHaveLength(2);
    expect(all.total).toBeGreaterThan(4);
    expect(all.actions).toEqual(expect.arrayContaining(['article.update', 'job.start', 'operation.confirm']));
    expect(all.actors).toEqual(expect.arrayContaining(['admin', 'owner-user']));
    const second = await trail('?limit=2&page=2');
    expect(second.entries[0].id).toBeLessThan(all.entries[1].id);
    const byOwnerUser = await trail('?actor=owner-user');
    expect(byOwnerUser.entries.every((e) => e.actor === 'owner-user')).toBe(true);
    expect((await trail(`?from=${new Date(Date.now() + 60_000).toISOString()}`)).total).toBe(0);
    expect((await t.get('/api/admin/audit?from=2030-01-01T00:00:00Z&to=2020-01-01T00:00:00Z')).statusCode).toBe(400);
    // Well-formed, but in year 0 or 10000 once in UTC: refused by the contract, not a database error's 500.
    for (const moment of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-14:00']) {
      for (const bound of ['from', 'to']) {
        const res = await t.get(`/api/admin/audit?${bound}=${encodeURIComponent(moment)}`);
        expect(res.statusCode, `${bound}=${moment}`).toBe(400);
        expect(res.json()).toEqual({ error: 'validation_error', message: 'تاریخ باید میان سال‌های ۱ تا ۹۹۹۹ میلادی باشد' });
      }
    }
    expect((await trail(`?from=${encodeURIComponent('0001-01-01T00:00:00Z')}&to=${encodeURIComponent('9999-12-31T23:59:59Z')}`)).total).toBe(all.total);

    const editor = await loginAsRole(t, 'editor');
    const denied = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie: editor.cookie } });
    expect(denied.statusCode).toBe(403);
    for (const method of ['POST', 'PATCH', 'DELETE', 'PUT'] as const) {
      expect((await t.app.inject({ method, url: '/api/admin/audit', headers: t.headers })).statusCode).toBe(404);
    }
  });

  it('drops entries older than the retention time, keeping the rest', async () => {
    await t.database.db.insert(auditLog).values({ action: 'article.update', actorUsername: 'old', at: new Date(Date.now() - (t.config.auditRetentionDays + 1) * 86_400_000) });
    const before = (await trail()).total;
    const services = { db: t.database.db, config: t.config } as unknown as Services;
    const result = await pruneAuditWorker.handler({}, { services, job: { id: 'x', retryCount: 0, finalAttempt: true }, operation: undefined as never });
    expect(result).toMatchObject({ pruned: 1 });
    expect((await trail()).total).toBe(before - 1);
    expect((await trail('?actor=old')).total).toBe(0);
  });
  it('records how many comments a restore brought back, each with its author and text', async () => {
    const article = await createArticle(t.database);
    const ids = [];
    for (const name of ['مینا', 'رضا', 'نگار']) ids.push((await createComment(t.database, { articleId: article.id, authorName: name, content: `نظر ${name}` })).id);
    expect((await send('DELETE', '/api/admin/comments/bulk', { action: 'delete', commentIds: ids })).statusCode).toBe(200);
    expect((await send('POST', '/api/admin/comments/restore', { commentIds: ids })).statusCode).toBe(200);
    const entry = await latest('comment.restore');
    expect(entry.details).toMatchObject({ restored: 3 });
    expect(entry.changes).toContainEqual({ id: ids[0], field: 'authorName', before: null, after: 'مینا' });
  });

  it('records the replies a delete took along, and the deleted comments above a reply its restore brought back', async () => {
    const article = await createArticle(t.database);
    const root = await createComment(t.database, { articleId: article.id, authorName: 'پدر', content: 'نظر اصلی' });
    const reply = await createComment(t.database, { articleId: article.id, authorName: 'پاسخ‌دهنده', content: 'پاسخ', parentId: root.id });
    const deep = await createComment(t.database, { articleId: article.id, authorName: 'نوه', content: 'پاسخ به پاسخ', parentId: reply.id });
    expect((await send('DELETE', `/api/admin/comments/${root.id}`)).statusCode).toBe(200);
    const deleted = await latest('comment.delete');
    expect(new Set(deleted.changes.map((c) => c.id))).toEqual(new Set([root.id, reply.id, deep.id]));
    expect(deleted.changes).toContainEqual({ id: deep.id, field: 'authorName', before: 'نوه', after: null });

    // Restoring only the deepest reply brings back the two above it: the entry names all three.
    expect((await send('POST', '/api/admin/comments/restore', { commentIds: [deep.id] })).statusCode).toBe(200);
    const restored = await latest('comment.restore');
    expect(restored.details).toMatchObject({ restored: 3 });
    expect(new Set(restored.changes.map((c) => c.id))).toEqual(new Set([root.id, reply.id, deep.id]));
    expect(restored.changes).toContainEqual({ id: root.id, field: 'authorName', before: null, after: 'پدر' });
  });

  // The audit screen names each field by AUDIT_FIELD_LABELS: a field a snapshot reads without a
  // Persian name there would show its English key to the editor.
  it('has a Persian name for every field a snapshot of any kind can hold', () => {
    const fields = new Set([...Object.values(SNAPSHOT_FIELDS).flat(), ...ARTICLE_FIELDS]);
    expect(fields.size).toBeGreaterThan(20);
    const unnamed = [...fields].filter((field) => !/^[\u0600-\u06FF\u200c ()]+$/.test(AUDIT_FIELD_LABELS[field] ?? ''));
    expect(unnamed).toEqual([]);
  });

  it('has a Persian name for every field any entry in the trail changed, settings included', async () => {
    expect((await send('POST', '/api/admin/auto-monitor/start')).statusCode).toBe(200);
    expect((await send('PATCH', '/api/admin/security', { requireOwnerTwoFactor: false })).statusCode).toBe(200);
    const channel = await send('POST', '/api/admin/channels', { username: 'audit_channel', role: 'secondary', cleaningRules: { signatures: ['امضا'] } });
    expect(channel.statusCode).toBe(201);
    const { id } = channel.json() as { id: number };
    expect((await send('PATCH', `/api/admin/channels/${id}`, { isActive: false, cleaningRules: { stripLinks: true } })).statusCode).toBe(200);
    const entries = (await trail('?limit=100')).entries;
    const fields = new Set(entries.flatMap((e) => e.changes.map((c) => c.field)));
    for (const field of ['enabled', 'requireOwnerTwoFactor', 'cleaningRules', 'authorName', 'title', 'status']) expect(fields).toContain(field);
    expect([...fields].filter((field) => !AUDIT_FIELD_LABELS[field])).toEqual([]);
  });
});
