// The detector's index in the database: a signature per article and its bands. Articles
// whose text, media or status changed are listed in duplicate_stale by triggers
// (migration 0012); `refreshStale` recomputes them before any read, so the index follows
// every writer (pipeline, edits, repairs, seeds) without each of them calling it. After an
// upgrade that changes what a signature holds, `reindexOutdated` indexes the older ones again in
// the background (jobs/reindex-duplicates.ts) and before a full scan.
import type { Database } from '@chapar/db';
import type { Screen, Signature } from './compare.ts';
import { decodeWords, encodeWords, MINHASH_SIZE, versionBand } from './minhash.ts';
import { articleBands, buildSignature, leadQueryBands } from './signature.ts';

const split = (text: string) => (text ? text.split(' ') : []);

/** What identifies a video across channels: the stored file's size and length, or an outside address. */
export function videoKey(media: { bytes: number; durationSec: number | null } | null, videoUrl: string | null): string | null {
  if (media && media.bytes > 0) return `file:${media.bytes}:${media.durationSec ?? 0}`;
  if (videoUrl && !videoUrl.startsWith('/media/')) return `url:${videoUrl}`;
  return null;
}

const BATCH = 500;
const BAND_READ = 60;

/**
 * Does any article carry an older detector's index (no band of this version)? After an
 * upgrade the worker then queues the re-index (jobs/reindex-duplicates.ts).
 */
export async function hasOutdated(database: Database): Promise<boolean> {
  const { rows } = await database.raw.query(
    `SELECT 1 FROM duplicate_signatures s
     WHERE NOT EXISTS (SELECT 1 FROM duplicate_bands b WHERE b.band = $1 AND b.article_id = s.article_id) LIMIT 1`, [String(versionBand())]);
  return rows.length > 0;
}

/**
 * Indexes again, newest first, the articles an older detector indexed; returns how many. Until
 * then they keep their older bands, so a check still finds them by those: an upgrade never
 * makes a check wait for the whole index (minutes at 100,000 articles).
 */
export async function reindexOutdated(database: Database, onBatch?: (done: number) => Promise<void> | void): Promise<number> {
  let done = 0;
  let below: number | null = null;
  for (;;) {
    const { rows }: { rows: Array<{ article_id: number; current: boolean }> } = await database.raw.query(
      `SELECT s.article_id, EXISTS (SELECT 1 FROM duplicate_bands b WHERE b.band = $1 AND b.article_id = s.article_id) AS current
       FROM duplicate_signatures s WHERE $2::int IS NULL OR s.article_id < $2 ORDER BY s.article_id DESC LIMIT $3`, [String(versionBand()), below, BATCH]);
    if (!rows.length) return done;
    below = rows[rows.length - 1].article_id;
    const outdated = rows.filter((r) => !r.current).map((r) => r.article_id);
    if (!outdated.length) continue;
    await indexArticles(database, outdated);
    done += outdated.length;
    await onBatch?.(done);
  }
}

/** Recomputes the signatures of changed articles; returns how many. */
export async function refreshStale(database: Database, onBatch?: (done: number) => Promise<void> | void): Promise<number> {
  let done = 0;
  for (;;) {
    // Claimed by deleting them, so two processes refreshing at once share the work.
    const { rows: stale } = await database.raw.query<{ article_id: number }>(
      `DELETE FROM duplicate_stale WHERE article_id IN (
         SELECT article_id FROM duplicate_stale ORDER BY article_id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING article_id`, [BATCH]);
    if (!stale.length) return done;
    const ids = stale.map((r) => r.article_id);
    try {
      await indexArticles(database, ids);
    } catch (error) {
      await database.raw.query('INSERT INTO duplicate_stale (article_id) SELECT unnest($1::int[]) ON CONFLICT DO NOTHING', [ids]);
      throw error;
    }
    done += ids.length;
    await onBatch?.(done);
  }
}

/** Builds and stores the signatures and bands of these articles (gone ones are dropped). */
export async function indexArticles(database: Database, ids: number[]): Promise<void> {
  const { rows: articles } = await database.raw.query<{
    id: number; title: string; content: string; status: string; published_at: Date; video_url: string | null; image_hash: string | null;
  }>('SELECT id, title, content, status, published_at, video_url, image_hash FROM articles WHERE id = ANY($1::int[])', [ids]);
  const { rows: media } = await database.raw.query<{ article_id: number; kind: string; dhash: string | null; bytes: number; duration_sec: number | null }>(
    "SELECT article_id, kind, dhash, bytes, duration_sec FROM media_assets WHERE article_id = ANY($1::int[]) AND kind IN ('image', 'video') ORDER BY position, id", [ids]);
  const signatures: Array<{ sig: Signature; active: boolean }> = [];
  for (const article of articles) {
    const own = media.filter((m) => m.article_id === article.id);
    const images = [...new Set([...own.filter((m) => m.kind === 'image' && m.dhash).map((m) => m.dhash!), ...(article.image_hash ? [article.image_hash] : [])])];
    const video = own.find((m) => m.kind === 'video');
    const sig = buildSignature({
      id: article.id, title: article.title, body: article.content, html: true, images,
      video: videoKey(video ? { bytes: video.bytes, durationSec: video.duration_sec } : null, article.video_url),
      publishedAt: new Date(article.published_at),
    });
    signatures.push({ sig, active: article.status !== 'unpublished' });
  }
  await database.raw.query('DELETE FROM duplicate_bands WHERE article_id = ANY($1::int[])', [ids]);
  await database.raw.query('DELETE FROM duplicate_signatures WHERE article_id = ANY($1::int[])', [ids]);
  if (!signatures.length) return;
  const col = <T>(f: (x: { sig: Signature; active: boolean }) => T) => signatures.map(f);
  await database.raw.query(
    `INSERT INTO duplicate_signatures (article_id, title, title_words, minhash, bloom, numbers, keywords, images, video, word_count, active, published_at)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int[], $11::bool[], $12::timestamptz[])
     ON CONFLICT (article_id) DO UPDATE SET title = EXCLUDED.title, title_words = EXCLUDED.title_words, minhash = EXCLUDED.minhash, bloom = EXCLUDED.bloom,
       numbers = EXCLUDED.numbers, keywords = EXCLUDED.keywords, images = EXCLUDED.images, video = EXCLUDED.video, word_count = EXCLUDED.word_count,
       active = EXCLUDED.active, published_at = EXCLUDED.published_at, computed_at = now()`,
    [
      col((x) => x.sig.id), col((x) => x.sig.title), col((x) => x.sig.titleWords.join(' ')),
      col((x) => encodeWords(x.sig.minhash)), col((x) => encodeWords(x.sig.bloom)),
      col((x) => x.sig.numbers.join(' ')), col((x) => x.sig.keywords.join(' ')), col((x) => x.sig.images.join(' ')),
      col((x) => x.sig.video), col((x) => x.sig.wordCount), col((x) => x.active), col((x) => new Date(x.sig.publishedAt).toISOString()),
    ],
  );
  const bandIds: number[] = [];
  const bandKeys: string[] = [];
  for (const { sig, active } of signatures) {
    bandIds.push(sig.id);
    bandKeys.push(String(versionBand()));
    if (!active) continue;
    for (const band of new Set(articleBands(sig))) { bandIds.push(sig.id); bandKeys.push(String(band)); }
  }
  if (bandIds.length) {
    await database.raw.query('INSERT INTO duplicate_bands (band, article_id) SELECT * FROM unnest($1::bigint[], $2::int[]) ON CONFLICT DO NOTHING', [bandKeys, bandIds]);
  }
}

/** How `candidateIds` reads: the defaults serve a full story, the options a short one's lead lookup. */
export interface CandidateQuery {
  /**
   * Skip a band more than BAND_READ articles share instead of reading its newest BAND_READ:
   * a lead band that common (common words) says nothing, and the story meets its lead in others.
   */
  skipFullBands?: boolean;
  /** Only active articles, published within `withinMs` of `around` (any date when it is 0). */
  activeAround?: { around: number; withinMs: number };
}

/** The articles in a band (SQL for a lateral join), none when more than BAND_READ share it. */
const unlessFull = (band: string) => `SELECT c.article_id FROM
    (SELECT array_agg(article_id) AS ids FROM (SELECT article_id FROM duplicate_bands d WHERE d.band = ${band} LIMIT ${BAND_READ + 1}) y) z
    CROSS JOIN LATERAL unnest(z.ids) AS c(article_id) WHERE cardinality(z.ids) <= ${BAND_READ}`;

/** Articles that share a band with these, most shared bands first, newest next. */
export async function candidateIds(database: Database, bands: number[], limit: number, query: CandidateQuery = {}): Promise<number[]> {
  if (!bands.length) return [];
  // At most BAND_READ articles from each band: a band thousands share (a stock phrase) costs
  // no more than a rare one.
  const perBand = query.skipFullBands
    ? unlessFull('b.band')
    : `SELECT article_id FROM duplicate_bands d WHERE d.band = b.band ORDER BY article_id DESC LIMIT ${BAND_READ}`;
  const params: unknown[] = [bands.map(String), limit];
  let filter = '';
  if (query.activeAround) {
    const { around, withinMs } = query.activeAround;
    params.push(around ? new Date(around).toISOString() : null, withinMs / 1000);
    filter = `JOIN duplicate_signatures s ON s.article_id = x.article_id
     WHERE s.active AND ($3::timestamptz IS NULL OR s.published_at BETWEEN $3::timestamptz - make_interval(secs => $4) AND $3::timestamptz + make_interval(secs => $4))`;
  }
  const { rows } = await database.raw.query<{ article_id: number }>(
    `SELECT x.article_id FROM unnest($1::bigint[]) AS b(band)
     CROSS JOIN LATERAL (${perBand}) x
     ${filter}
     GROUP BY x.article_id ORDER BY count(*) DESC, x.article_id DESC LIMIT $2`,
    params,
  );
  return rows.map((r) => r.article_id);
}

/**
 * The full scan's lead pairs: for each active short story, the other active articles published
 * within `withinMs` of it whose lead shares one of its lead query bands (bands more than
 * BAND_READ articles share are skipped).
 */
export async function leadPairs(database: Database, screens: Screen[], withinMs: number): Promise<Array<[number, number]>> {
  const bands: string[] = [];
  const owners: number[] = [];
  for (const screen of screens) {
    for (const band of leadQueryBands(screen)) { bands.push(String(band)); owners.push(screen.id); }
  }
  if (!bands.length) return [];
  const { rows } = await database.raw.query<{ story: number; article: number }>(
    `WITH q AS (SELECT * FROM unnest($1::bigint[], $2::int[]) AS q(band, story)),
     hits AS (SELECT b.band, x.article_id FROM (SELECT DISTINCT band FROM q) b CROSS JOIN LATERAL (${unlessFull('b.band')}) x)
     SELECT DISTINCT q.story, h.article_id AS article FROM q JOIN hits h ON h.band = q.band
     JOIN duplicate_signatures a ON a.article_id = q.story
     JOIN duplicate_signatures s ON s.article_id = h.article_id
     WHERE h.article_id <> q.story AND s.active AND abs(extract(epoch FROM s.published_at - a.published_at)) <= $3`,
    [bands, owners, withinMs / 1000]);
  return rows.map((r) => [r.story, r.article]);
}

export async function loadSignatures(database: Database, ids: number[]): Promise<Array<Signature & { active: boolean }>> {
  if (!ids.length) return [];
  return readDump(database, 'article_id = ANY($1::int[])', [ids]);
}

/**
 * What a full scan screens every active article by (its content hash, figures and media),
 * in one aggregate, a line per article. A driver spends far longer on 100,000 rows than on
 * one value of the same bytes, and the titles and word lists are read later only for the
 * pairs that pass.
 */
export async function loadAllScreens(database: Database): Promise<Screen[]> {
  // The last read is kept in the process while the index has not changed since (same count,
  // same newest computation): a second scan reads one row instead of every article.
  const { rows: [state] } = await database.raw.query<{ n: number; newest: string | null }>(
    'SELECT count(*)::int AS n, max(computed_at)::text AS newest FROM duplicate_signatures WHERE active');
  const key = `${state?.n ?? 0}/${state?.newest ?? ''}`;
  const cached = scanCache.get(database);
  if (cached?.key === key) return cached.screens;
  const screens = await readScreens(database, 'active', []);
  scanCache.set(database, { key, screens });
  return screens;
}

const scanCache = new WeakMap<Database, { key: string; screens: Screen[] }>();

/** The screens of these articles (the active ones), for a single check. */
export async function loadScreens(database: Database, ids: number[]): Promise<Screen[]> {
  if (!ids.length) return [];
  return readScreens(database, 'active AND article_id = ANY($1::int[])', [ids]);
}

async function readScreens(database: Database, where: string, params: unknown[]): Promise<Screen[]> {
  // The content hash stays base64 text: as one bytea aggregate PGlite sent it as hex, which
  // took 2.5 of a cold 100,000-article read's 3 s.
  const { rows } = await database.raw.query<{ meta: string | null }>(
    `SELECT string_agg(concat_ws(E'\t', article_id, numbers, images, coalesce(video, ''), word_count, (extract(epoch from published_at) * 1000)::bigint, minhash), E'\n' ORDER BY article_id) AS meta
     FROM duplicate_signatures WHERE ${where}`, params);
  const lines = rows[0]?.meta ? rows[0].meta.split('\n') : [];
  // Decoded into one block of aligned memory; each article's hash is a view into it.
  const hashes = new Uint32Array(lines.length * MINHASH_SIZE);
  const bytes = new Uint8Array(hashes.buffer);
  return lines.map((line, k): Screen => {
    const f = line.split('\t');
    const written = Buffer.from(f[6], 'base64').copy(bytes, k * MINHASH_SIZE * 4);
    if (written !== MINHASH_SIZE * 4) throw new Error(`duplicate index: article ${f[0]} has a content hash of ${written} bytes`);
    return { id: Number(f[0]), numbers: split(f[1]), images: split(f[2]), video: f[3] || null, wordCount: Number(f[4]), publishedAt: Number(f[5]), minhash: hashes.subarray(k * MINHASH_SIZE, (k + 1) * MINHASH_SIZE) };
  });
}

async function readDump(database: Database, where: string, params: unknown[]): Promise<Array<Signature & { active: boolean }>> {
  const { rows } = await database.raw.query<{ dump: string | null }>(
    `SELECT string_agg(concat_ws(E'\t', article_id, title, title_words, minhash, bloom, numbers, keywords, images, coalesce(video, ''), word_count,
       (extract(epoch from published_at) * 1000)::bigint, active::int), E'\n' ORDER BY article_id) AS dump
     FROM duplicate_signatures WHERE ${where}`, params);
  const dump = rows[0]?.dump;
  if (!dump) return [];
  return dump.split('\n').map((line) => {
    const f = line.split('\t');
    return {
      id: Number(f[0]), title: f[1], titleWords: split(f[2]), minhash: decodeWords(f[3], MINHASH_SIZE), bloom: decodeWords(f[4]),
      numbers: split(f[5]), keywords: split(f[6]), images: split(f[7]), video: f[8] || null, wordCount: Number(f[9]), publishedAt: Number(f[10]), active: f[11] === '1',
    };
  });
}
