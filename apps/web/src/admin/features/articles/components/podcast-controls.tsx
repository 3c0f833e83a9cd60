import { useEffect, useId, useState } from 'react';
import { AlertTriangle, Headphones, LoaderCircle, RotateCcw, Save } from 'lucide-react';
import { PODCAST_RECENT_DEFAULT, type SpeechTextResponse } from '@chapar/shared/contracts';
import { formatNumberFa } from '@chapar/shared/text';
import { buttonStyles, inputStyles } from '../../../../components/ui/button-styles.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { adminButton } from '../../../components/styles.ts';
import { PODCAST_TEXTS, usePodcastRuns, useResetSpeechText, useSaveSpeechText, useSpeechText, type PodcastRun } from '../podcasts.ts';

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

function PodcastState({ view }: { view: SpeechTextResponse }) {
  const text = view.podcastCurrent ? PODCAST_TEXTS.current : view.podcastUrl ? PODCAST_TEXTS.outdated : PODCAST_TEXTS.none;
  return (
    <div className="space-y-2 rounded-lg bg-surface p-3 text-sm">
      <p className={view.podcastCurrent ? 'text-muted' : 'font-medium'}>{text}</p>
      {view.podcastUrl && <audio controls preload="none" src={view.podcastUrl} aria-label="پادکست کنونی خبر" className="w-full" />}
    </div>
  );
}

/**
 * The admin article page's podcast view: the whole text the podcast reads, to check and
 * correct; a saved correction is read by every later podcast until the editor goes back to
 * the article's own text. The podcast is made again from here.
 */
export function SpeechTextPanel({ articleId, title }: { articleId: number; title: string }) {
  const ids = { text: useId(), help: useId() };
  const speech = useSpeechText(articleId);
  const save = useSaveSpeechText(articleId);
  const reset = useResetSpeechText(articleId);
  const { run, makeOne } = usePodcastRuns();
  const [draft, setDraft] = useState('');
  const view = speech.data;
  useEffect(() => {
    if (view) setDraft(view.text);
  }, [view]);

  if (speech.isPending) return <LoadingState label="در حال بارگذاری متن پادکست…" />;
  if (speech.isError || !view) return <ErrorState message={PODCAST_TEXTS.speechLoadFailed} onRetry={() => void speech.refetch()} />;
  const dirty = draft.trim() !== view.text;
  const busy = save.isPending || reset.isPending || run !== null;

  return (
    <section aria-labelledby={`${ids.text}-title`} className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`${ids.text}-title`} className="font-bold">{PODCAST_TEXTS.speechTitle}</h3>
        {view.corrected && <span className="rounded bg-surface px-2 py-0.5 text-xs text-muted">{PODCAST_TEXTS.corrected(view.updatedBy)}</span>}
      </div>
      <p id={ids.help} className="text-sm leading-7 text-muted">{PODCAST_TEXTS.speechHelp}</p>
      {view.stale && (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
          <AlertTriangle aria-hidden="true" className="mt-1 size-4 shrink-0" />
          {PODCAST_TEXTS.stale}
        </p>
      )}
      <div className="space-y-1">
        <label htmlFor={ids.text} className="text-sm font-medium">متن خواندنی</label>
        <textarea
          id={ids.text}
          dir="rtl"
          rows={14}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-describedby={ids.help}
          className={`${inputStyles} leading-8`}
        />
        <p className="text-xs text-muted">{PODCAST_TEXTS.characters(draft.trim().length)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={!dirty || !draft.trim() || busy} onClick={() => save.mutate(draft)} className={adminButton.primary}>
          <Save aria-hidden="true" className="size-4" />{PODCAST_TEXTS.save}
        </button>
        {view.corrected && (
          <button type="button" disabled={busy} onClick={() => reset.mutate()} className={buttonStyles.secondary}>
            <RotateCcw aria-hidden="true" className="size-4" />{PODCAST_TEXTS.reset}
          </button>
        )}
        <button type="button" disabled={dirty || busy} title={dirty ? PODCAST_TEXTS.saveFirst : undefined} onClick={() => makeOne(articleId, title)} className={buttonStyles.secondary}>
          <Headphones aria-hidden="true" className="size-4" />{PODCAST_TEXTS.remake}
        </button>
      </div>
      {dirty && <p className="text-xs text-muted">{PODCAST_TEXTS.saveFirst}</p>}
      <PodcastProgress run={run} />
      <PodcastState view={view} />
    </section>
  );
}
