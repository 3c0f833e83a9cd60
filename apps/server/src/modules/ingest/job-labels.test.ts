// Every operation an admin can start, and every job queue the system monitor lists, has a
// Persian name of its own in @chapar/shared/contracts: none reaches a screen as its raw id.
import { describe, expect, it } from 'vitest';
import { JOB_LABELS, jobLabel, QUEUE_LABELS, queueLabel } from '@chapar/shared/contracts';
import { JOBS } from '../../jobs/registry.ts';
import { SCAN_KIND } from '../duplicates/service.ts';
import { adminActions } from './admin-actions.ts';
import { SOURCE_DELETIONS_KIND } from './source-deletions.ts';

const PERSIAN = /^[\u0600-\u06FF\u200c\s()۰-۹،]+$/;

describe('names of operations and queues', () => {
  it('names every kind of operation in Persian', () => {
    const actions = adminActions([{ role: 'primary', username: 'akhbar_rooz' }, { role: 'secondary', username: 'taze_khabar' }]);
    const kinds = [
      ...actions.map((a) => a.path.replace('/:id', '')),
      'process-from-link', 'sync-telegram-post', 'process-post', 'process-posts-range', 'regenerate-article', 'fix-article-image',
      'force-check', 'process-ignored', 'make-podcast', 'make-podcasts', 'verify-articles', SCAN_KIND, SOURCE_DELETIONS_KIND,
    ];
    const unnamed = kinds.filter((kind) => jobLabel(kind) === jobLabel('no-such-operation'));
    expect(unnamed).toEqual([]);
    for (const kind of kinds) expect(jobLabel(kind), kind).toMatch(PERSIAN);
    for (const label of Object.values(JOB_LABELS)) expect(label).toMatch(PERSIAN);
  });

  it('names every job queue, and pg-boss\'s own scheduling queue, in Persian', () => {
    // Every queue a worker works, the daily and background ones too.
    const queues = [...JOBS.map((job) => job.name), '__pgboss__send-it'];
    expect(queues.filter((name) => !(name in QUEUE_LABELS))).toEqual([]);
    for (const name of queues) expect(queueLabel(name), name).toMatch(PERSIAN);
    expect(queueLabel('__pgboss__maintenance')).toBe('صف داخلی کارها');
  });
});
