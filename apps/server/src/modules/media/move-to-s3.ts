// `main.ts media move-to-s3`: an existing site's media from the local disk (DATA_DIR/media and
// DATA_DIR/originals) into the configured S3 bucket, then every stored address rewritten from
// the old base (/media by default) to MEDIA_BASE_URL, those kept for a restore or an undo included. Resumable and safe to run twice: objects
// already in the bucket are not sent again (an S3 object exists only once fully uploaded), the
// addresses are rewritten only after every file is in place, and an address already rewritten no
// longer starts with the old base. Local files are left where they are (delete them by hand once
// the site runs from the bucket).
import path from 'node:path';
import type { Database } from '@chapar/db';
import type { MediaStorages, Storage } from '../../integrations/storage/index.ts';
import { filesUnder } from '../../integrations/storage/local-storage.ts';
import { fillVariants, isVariantKey } from './variants.ts';

export interface MoveReport {
  media: { uploaded: number; skipped: number; failed: number };
  originals: { uploaded: number; skipped: number; failed: number };
  variantsMade: number;
  /** Rows whose stored addresses changed, per table. */
  rewritten: Record<string, number>;
  errors: string[];
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif',
  mp4: 'video/mp4', webm: 'video/webm', mp3: 'audio/mpeg', ogg: 'audio/ogg', m4a: 'audio/mp4', pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', doc: 'application/msword',
};
export const contentTypeOf = (key: string) => CONTENT_TYPES[key.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
const IMAGE = /\.(?:jpe?g|png|webp|gif|avif)$/i;

async function copyTree(root: string, target: Storage, counts: MoveReport['media'], errors: string[], log: (line: string) => void): Promise<string[]> {
  const keys = await filesUnder(root);
  for (const [i, key] of keys.entries()) {
    try {
      if (await target.exists(key)) counts.skipped++;
      else {
        await target.putFile(key, path.join(root, key), contentTypeOf(key));
        counts.uploaded++;
      }
    } catch (error) {
      counts.failed++;
      errors.push(`${key}: ${(error as Error).message}`);
    }
    if ((i + 1) % 200 === 0) log(`${path.basename(root)}: ${i + 1} / ${keys.length}`);
  }
  return keys;
}

/** The statements that move stored addresses from one base to another: whole columns, and src/href/poster attributes in HTML. */
function rewrites(from: string, to: string): Array<{ table: string; sql: string; params: string[] }> {
  const prefix = `${from}/`;
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const column = (c: string) => `${c} = case when ${c} like $2 then $3 || substr(${c}, length($1) + 1) else ${c} end`;
  const columnHit = (c: string) => `${c} like $2`;
  const html = (c: string) => `${c} = replace(replace(${c}, '"' || $1, '"' || $3), '''' || $1, '''' || $3)`;
  const htmlHit = (c: string) => `(position('"' || $1 in ${c}) > 0 or position('''' || $1 in ${c}) > 0)`;
  const statement = (table: string, columns: string[], htmlColumns: string[]) => ({
    table,
    sql: `update ${table} set ${[...columns.map(column), ...htmlColumns.map(html)].join(', ')} where ${[...columns.map(columnHit), ...htmlColumns.map(htmlHit)].join(' or ')} returning 1 as n`,
    params: [prefix, like, `${to}/`],
  });
  return [
    statement('articles', ['image_url', 'video_url', 'video_poster_url', 'podcast_url'], ['content']),
    statement('media_assets', ['url', 'poster_url'], []),
    statement('article_versions', ['image_url', 'video_url'], ['content']),
    // Deleted articles come back, and undos compare and put back, with the addresses kept here.
    jsonStatement('deleted_articles', ['article', 'related'], from, to),
    jsonStatement('operation_changes', ['before', 'after'], from, to),
  ];
}

/**
 * The same move inside JSON: a string that starts with the old base (an address field), and a
 * quoted attribute inside a string (HTML, whose double quote JSON writes as \", matched by its quote).
 */
function jsonStatement(table: string, columns: string[], from: string, to: string): { table: string; sql: string; params: string[] } {
  const inJson = (text: string) => JSON.stringify(text).slice(1, -1);
  const set = (c: string) => `${c} = replace(replace(${c}::text, $1, $2), $3, $4)::jsonb`;
  const hit = (c: string) => `(position($1 in ${c}::text) > 0 or position($3 in ${c}::text) > 0)`;
  return {
    table,
    sql: `update ${table} set ${columns.map(set).join(', ')} where ${columns.map(hit).join(' or ')} returning 1 as n`,
    params: [`"${inJson(from)}/`, `"${inJson(to)}/`, `'${inJson(from)}/`, `'${inJson(to)}/`],
  };
}

export async function moveMediaToS3(opts: {
  database: Database;
  dataDir: string;
  target: MediaStorages;
  /** The base the stored addresses start with now (the old MEDIA_BASE_URL, /media by default). */
  fromBaseUrl: string;
  /** The base they get: MEDIA_BASE_URL in front of the bucket. */
  toBaseUrl: string;
  log?: (line: string) => void;
}): Promise<MoveReport> {
  const log = opts.log ?? (() => undefined);
  const from = opts.fromBaseUrl.replace(/\/+$/, '');
  const to = opts.toBaseUrl.replace(/\/+$/, '');
  const report: MoveReport = {
    media: { uploaded: 0, skipped: 0, failed: 0 }, originals: { uploaded: 0, skipped: 0, failed: 0 }, variantsMade: 0, rewritten: {}, errors: [],
  };
  log('copying originals (private)…');
  await copyTree(path.join(opts.dataDir, 'originals'), opts.target.originals, report.originals, report.errors, log);
  log('copying media…');
  const keys = await copyTree(path.join(opts.dataDir, 'media'), opts.target.media, report.media, report.errors, log);
  log('making missing image variants…');
  for (const key of keys) {
    if (!IMAGE.test(key) || isVariantKey(key) || key.endsWith('.poster.jpg')) continue;
    try {
      report.variantsMade += await fillVariants(opts.target.media, key);
    } catch (error) {
      report.errors.push(`${key} (variants): ${(error as Error).message}`);
    }
  }
  if (report.media.failed || report.originals.failed) {
    report.errors.push('Some files did not reach the bucket: addresses were not rewritten. Run the command again.');
    return report;
  }
  if (from === to) {
    log('MEDIA_BASE_URL is the old base: no addresses to rewrite');
    return report;
  }
  log(`rewriting stored addresses ${from}/… → ${to}/…`);
  for (const { table, sql, params } of rewrites(from, to)) {
    report.rewritten[table] = (await opts.database.raw.query(sql, params)).rows.length;
  }
  return report;
}
