// How the audit trail reads an item before and after a write, to record the fields the write
// changed. Each kind names the fields an editor cares about; a long text is compared whole and
// kept as the part around its first change (the article's versions keep the full text).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_ID } from '@chapar/shared/contracts';
import {
  adminUsers, articles, sessions, blockedPosts, channels, comments, ignoredPosts, newsletterSubscribers, operations, settings, type Db,
} from '@chapar/db';

export type Snapshot = Record<string, unknown>;
export type TargetKind = 'article' | 'operation' | 'channel' | 'comment' | 'blocked' | 'ignored' | 'subscriber' | 'user' | 'session' | 'settings';

/** Characters of a long text kept in an entry: the part around the first change. */
export const MAX_TEXT = 500;
/** How much of a long text before its first change the kept part starts with. */
const CONTEXT = 60;

/** A value as the trail compares it (dates as ISO strings); texts stay whole until they are compared. */
function plain(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** Moves `at` back out of an HTML tag it falls inside, so a kept part never starts or ends mid-tag. */
function outOfTag(text: string, at: number): number {
  const open = text.lastIndexOf('<', at - 1);
  return open > text.lastIndexOf('>', at - 1) ? open : at;
}

/** At most MAX_TEXT characters of `text` from `start`, with «…» where it was cut. */
function keptPart(text: string, start: number): string {
  const from = outOfTag(text, start);
  const to = from + MAX_TEXT >= text.length ? text.length : outOfTag(text, from + MAX_TEXT);
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
}

/**
 * A changed pair as kept: a long text is cut to the part around where the two first differ
 * (an edit at the end of a long body is seen, not hidden behind its unchanged first 500 characters).
 */
function keptPair(was: unknown, now: unknown): [unknown, unknown] {
  const long = (v: unknown): v is string => typeof v === 'string' && v.length > MAX_TEXT;
  if (!long(was) && !long(now)) return [was, now];
  let first = 0;
  if (typeof was === 'string' && typeof now === 'string') while (first < was.length && first < now.length && was[first] === now[first]) first++;
  const start = Math.max(0, first - CONTEXT);
  return [long(was) ? keptPart(was, start) : was, long(now) ? keptPart(now, start) : now];
}

const numbers = (ids: Array<number | string>) => ids.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= MAX_ID);

async function byId<T extends { id: number }>(rows: Promise<T[]>, fields?: readonly string[]): Promise<Map<string, Snapshot>> {
  const map = new Map<string, Snapshot>();
  for (const row of await rows) {
    const entries = Object.entries(row).filter(([k]) => k !== 'id' && (!fields || fields.includes(k)));
    map.set(String(row.id), Object.fromEntries(entries.map(([k, v]) => [k, plain(v)])));
  }
  return map;
}

type Loader = (db: Db, ids: Array<number | string>, fields?: readonly string[]) => Promise<Map<string, Snapshot>>;

// The columns each kind's snapshot reads (`id` names the item and is not compared).
const ARTICLE_COLUMNS = {
  id: articles.id, title: articles.title, excerpt: articles.excerpt, content: articles.content, category: articles.category,
  featured: articles.featured, status: articles.status, imageUrl: articles.imageUrl, videoUrl: articles.videoUrl,
  metaDescription: articles.metaDescription, unpublishedReason: articles.unpublishedReason,
};
const OPERATION_COLUMNS = { id: operations.id, kind: operations.kind, status: operations.status, confirmedBy: operations.confirmedBy, undoneBy: operations.undoneBy };
const CHANNEL_COLUMNS = {
  id: channels.id, username: channels.username, role: channels.role, title: channels.title, isActive: channels.isActive, cleaningRules: channels.cleaningRules,
};
const COMMENT_COLUMNS = { id: comments.id, authorName: comments.authorName, content: comments.content, isApproved: comments.isApproved, articleId: comments.articleId };
const COMMENT_FIELDS = ['isApproved', 'authorName', 'content'] as const;
const SUBSCRIBER_COLUMNS = { id: newsletterSubscribers.id, email: newsletterSubscribers.email, name: newsletterSubscribers.name, isActive: newsletterSubscribers.isActive };
const IGNORED_COLUMNS = { id: ignoredPosts.id, reason: ignoredPosts.reason, reviewedBy: ignoredPosts.reviewedBy, shouldProcess: ignoredPosts.shouldProcess };
const USER_COLUMNS = {
  id: adminUsers.id, username: adminUsers.username, role: adminUsers.role, name: adminUsers.name, email: adminUsers.email,
  disabled: sql<boolean>`${adminUsers.disabledAt} is not null`, twoFactor: sql<boolean>`${adminUsers.totpEnabledAt} is not null`,
};
const SESSION_COLUMNS = { id: sessions.publicId, username: adminUsers.username, ip: sessions.ip, userAgent: sessions.userAgent, lastSeenAt: sessions.lastSeenAt };
const BLOCKED_FIELDS = ['title', 'allowRegeneration'] as const;

const fieldsOf = (columns: Record<string, unknown>) => Object.keys(columns).filter((k) => k !== 'id');

/**
 * The fields a snapshot of each kind can hold, so every one can be given a Persian name on the
 * audit screen (AUDIT_FIELD_LABELS). Settings hold what their value holds (see the loader).
 */
export const SNAPSHOT_FIELDS: Readonly<Record<Exclude<TargetKind, 'settings'>, readonly string[]>> = {
  article: fieldsOf(ARTICLE_COLUMNS),
  operation: fieldsOf(OPERATION_COLUMNS),
  channel: fieldsOf(CHANNEL_COLUMNS),
  comment: COMMENT_FIELDS,
  subscriber: fieldsOf(SUBSCRIBER_COLUMNS),
  ignored: fieldsOf(IGNORED_COLUMNS),
  user: fieldsOf(USER_COLUMNS),
  session: fieldsOf(SESSION_COLUMNS),
  blocked: BLOCKED_FIELDS,
};

const LOADERS: Record<TargetKind, Loader> = {
  article: (db, ids, fields) => byId(db.select(ARTICLE_COLUMNS).from(articles).where(inArray(articles.id, numbers(ids))), fields),
  operation: (db, ids) => byId(db.select(OPERATION_COLUMNS).from(operations).where(inArray(operations.id, numbers(ids)))),
  channel: (db, ids) => byId(db.select(CHANNEL_COLUMNS).from(channels).where(inArray(channels.id, numbers(ids)))),
  comment: (db, ids) => byId(db.select(COMMENT_COLUMNS).from(comments).where(inArray(comments.id, numbers(ids))), COMMENT_FIELDS),
  subscriber: (db, ids) => byId(db.select(SUBSCRIBER_COLUMNS).from(newsletterSubscribers).where(inArray(newsletterSubscribers.id, numbers(ids)))),
  ignored: (db, ids) => byId(db.select(IGNORED_COLUMNS).from(ignoredPosts).where(inArray(ignoredPosts.id, numbers(ids)))),
  user: async (db, ids) => byId(db.select(USER_COLUMNS).from(adminUsers).where(inArray(adminUsers.id, numbers(ids)))),
  session: async (db, ids) => {
    const rows = await db.select(SESSION_COLUMNS)
      .from(sessions).innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
      .where(inArray(sessions.publicId, ids.map(String).filter((id) => /^[0-9a-f-]{36}$/i.test(id))));
    return new Map(rows.map(({ id, ...rest }) => [id, Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, plain(v)]))]));
  },
  // Blocked posts are named '{telegramId}/{source}' in their routes.
  blocked: async (db, ids) => {
    const map = new Map<string, Snapshot>();
    for (const id of ids) {
      const [telegramId, source] = String(id).split('/');
      const [row] = await db.select({ title: blockedPosts.title, allowRegeneration: blockedPosts.allowRegeneration }).from(blockedPosts)
        .where(and(eq(blockedPosts.source, source ?? ''), eq(blockedPosts.telegramId, Number(telegramId) || 0)));
      if (row) map.set(String(id), { title: row.title, allowRegeneration: row.allowRegeneration } satisfies Record<(typeof BLOCKED_FIELDS)[number], unknown>);
    }
    return map;
  },
  settings: async (db, ids) => {
    const map = new Map<string, Snapshot>();
    for (const key of ids) {
      const [row] = await db.select().from(settings).where(eq(settings.key, String(key)));
      if (row && typeof row.value === 'object' && row.value) {
        map.set(String(key), Object.fromEntries(Object.entries(row.value as Snapshot).filter(([k]) => k !== 'at' && k !== 'by')));
      }
    }
    return map;
  },
};

export function loadSnapshots(db: Db, kind: TargetKind, ids: Array<number | string>, fields?: readonly string[]): Promise<Map<string, Snapshot>> {
  if (!ids.length) return Promise.resolve(new Map());
  return LOADERS[kind](db, ids, fields);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between before and after, for each item; an item that appeared or
 * went away shows all its fields against null. `id` is kept only when several items changed.
 */
export function diffSnapshots(ids: string[], before: Map<string, Snapshot>, after: Map<string, Snapshot>) {
  const changes: Array<{ id?: string | number; field: string; before: unknown; after: unknown }> = [];
  for (const id of ids) {
    const a = before.get(id) ?? null;
    const b = after.get(id) ?? null;
    const fields = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
    for (const field of fields) {
      const was = a ? a[field] ?? null : null;
      const now = b ? b[field] ?? null : null;
      // A field empty on both sides (an item made or removed) tells nothing.
      if (same(was, now)) continue;
      const numeric = Number(id);
      const [keptBefore, keptAfter] = keptPair(was, now);
      changes.push({ ...(ids.length > 1 ? { id: Number.isInteger(numeric) ? numeric : id } : {}), field, before: keptBefore, after: keptAfter });
    }
  }
  return changes;
}
