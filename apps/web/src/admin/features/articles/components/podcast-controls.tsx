import { useState } from 'react';
import { Headphones, LoaderCircle } from 'lucide-react';
import { PODCAST_RECENT_DEFAULT } from '@chapar/shared/contracts';
import { formatNumberFa } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { PODCAST_TEXTS, type PodcastRun } from '../podcasts.ts';

/** The toolbar's button: podcasts of the recent published articles, after a confirmation. */
export function RecentPodcastsButton({ running, onStart }: { running: boolean; onStart: (latest: number) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} disabled={running} className={buttonStyles.secondary}>
        <Headphones aria-hidden="true" className="size-4" />{PODCAST_TEXTS.recent}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={PODCAST_TEXTS.recent}
        description={PODCAST_TEXTS.recentConfirm(PODCAST_RECENT_DEFAULT)}
        confirmLabel="ساخته شود"
        onConfirm={() => { setOpen(false); onStart(PODCAST_RECENT_DEFAULT); }}
      />
    </>
  );
}

/** The run under way: what it makes and how far it is (its end is told by a toast). */
export function PodcastProgress({ run }: { run: PodcastRun | null }) {
  if (!run) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card px-3 py-2 text-sm">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-accent" />
      <span className="min-w-0 flex-1 truncate">{PODCAST_TEXTS.running}: {run.label}</span>
      <progress max={100} value={run.progress} aria-label="پیشرفت ساخت پادکست" className="h-1.5 w-28 accent-[var(--c-accent)]" />
      <span className="tabular-nums text-muted">{formatNumberFa(run.progress)}٪</span>
    </div>
  );
}
