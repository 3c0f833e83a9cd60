import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Headphones, LoaderCircle } from '../../../components/icons';
import { formatNumberFa } from '@chapar/shared/text';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { articleQuery } from '../../article/api.ts';
import { AFTER_SUCCESS_MS } from '../progress-steps.ts';
import { PODCAST_TOOL_TEXT, usePodcastTool } from '../podcast.ts';

interface PodcastToolProps {
  articleId: number;
  csrfToken: string | null;
}

/** Makes (or remakes) this article's podcast, with the run's progress; the page reloads to play it. */
export function PodcastTool({ articleId, csrfToken }: PodcastToolProps) {
  const { state, run } = usePodcastTool(articleId, csrfToken);
  // The page's own article (already in the cache): a podcast it has is made again.
  const hasPodcast = Boolean(useQuery({ ...articleQuery(articleId), enabled: false }).data?.podcastUrl);
  useEffect(() => {
    if (state.phase !== 'done') return undefined;
    const timer = setTimeout(() => window.location.reload(), AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [state.phase]);
  const running = state.phase === 'running';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" onClick={() => void run()} disabled={running} aria-busy={running} className={buttonStyles.secondary}>
        {running ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Headphones aria-hidden="true" className="size-4" />}
        {hasPodcast ? PODCAST_TOOL_TEXT.remake : PODCAST_TOOL_TEXT.make}
      </button>
      {state.phase !== 'idle' && <span role="status" className={`text-sm ${state.phase === 'error' ? 'text-accent' : 'text-muted'}`}>
        {state.phase === 'running' && (
          <>
            {PODCAST_TOOL_TEXT.running}
            {state.progress > 0 && ` ${formatNumberFa(state.progress)}٪`}
            <progress max={100} value={state.progress} aria-label="پیشرفت ساخت پادکست" className="ms-2 h-1.5 w-24 align-middle accent-[var(--c-accent)]" />
          </>
        )}
        {state.phase === 'done' && PODCAST_TOOL_TEXT.done}
        {state.phase === 'error' && `${PODCAST_TOOL_TEXT.failed}: ${state.message}`}
      </span>}
    </div>
  );
}
