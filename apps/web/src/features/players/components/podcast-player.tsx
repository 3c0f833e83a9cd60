import { useEffect, useRef, useState } from 'react';
import { Clock, Download, Headphones, LoaderCircle, Pause, Play, Rss, Volume1, Volume2 } from '../../../components/icons';
import { formatNumberFa } from '@chapar/shared/text';
import { buttonStyles, focusRing } from '../../../components/ui/button-styles.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { formatMediaTime } from '../format-time.ts';

/** Spec 02 §4, §9: volume moves in steps of 0.1. */
export const VOLUME_STEP = 0.1;

export type PodcastState = 'idle' | 'loading' | 'playing' | 'paused';

interface PodcastPlayerProps {
  src: string;
  /** Seconds, when known before loading (measured when the podcast was made). */
  duration?: number | null;
  voice?: string | null;
  /** Names the downloaded file: chapar-podcast-{id}.mp3. */
  articleId?: number;
  /** The podcast feed, for a podcast app to subscribe to. */
  feedUrl?: string;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The length as shown: whole seconds rounded, as the server stores it, so the stored length
 * (48) and the loaded file's (47.6) read the same.
 */
const totalSeconds = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0);

/** The stored voice as readers see it: the offline engine by a Persian name, others as given. */
export function voiceLabel(voice: string): string {
  return voice.startsWith('espeak-ng') ? 'گوینده ماشینی' : voice;
}

/** '3 دقیقه و ۵ ثانیه' for the heading: the length before anything has loaded. */
function spokenLength(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  const m = Math.floor(s / 60);
  const rest = s % 60;
  if (!m) return `${formatNumberFa(rest)} ثانیه`;
  return rest ? `${formatNumberFa(m)} دقیقه و ${formatNumberFa(rest)} ثانیه` : `${formatNumberFa(m)} دقیقه`;
}

/**
 * The article's audio version: play and pause (loading while it buffers), back to the start
 * at the end, volume in steps of 0.1, its length shown before it plays, and a download
 * (.mp3) that works without JavaScript too. Load failures are only logged (spec 02 §8).
 */
export function PodcastPlayer({ src, duration, voice, articleId, feedUrl }: PodcastPlayerProps) {
  const hydrated = useHydrated();
  const audio = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<PodcastState>('idle');
  const [time, setTime] = useState({ current: 0, duration: duration ?? 0 });
  const [volume, setVolumeState] = useState(1);

  // Metadata that arrived before hydration (no event will repeat it).
  useEffect(() => {
    const a = audio.current;
    if (a && a.readyState >= 1 && Number.isFinite(a.duration)) setTime({ current: a.currentTime, duration: a.duration });
  }, []);

  const toggle = () => {
    const a = audio.current;
    if (!a) return;
    if (a.paused) {
      setState('loading');
      a.play().catch((error: unknown) => {
        console.error('podcast playback failed', error);
        setState('paused');
      });
    } else a.pause();
  };
  const setVolume = (next: number) => {
    const value = Math.min(1, Math.max(0, round1(next)));
    if (audio.current) audio.current.volume = value;
    setVolumeState(value);
  };
  const seek = (to: number) => {
    if (audio.current) audio.current.currentTime = to;
  };
  const known = (d: number) => (Number.isFinite(d) && d > 0 ? d : time.duration);
  const playing = state === 'playing' || state === 'loading';
  const fileName = `chapar-podcast${articleId ? `-${articleId}` : ''}.mp3`;

  return (
    <section aria-label="نسخه صوتی خبر" data-podcast-state={state} className="my-6 rounded-2xl border border-border bg-card p-4">
      <div className="mb-3 flex flex-wrap items-center gap-x-2 gap-y-1">
        <Headphones aria-hidden="true" className="size-5 text-accent" />
        <h2 className="text-base font-bold">نسخه صوتی این خبر</h2>
        {duration ? (
          <span className="inline-flex items-center gap-1 text-xs text-muted" data-testid="podcast-length">
            <Clock aria-hidden="true" className="size-3.5" />
            <span><span className="sr-only">مدت: </span>{spokenLength(duration)}</span>
          </span>
        ) : null}
        {voice && <span className="text-xs text-muted">با صدای {voiceLabel(voice)}</span>}
      </div>
      <audio
        ref={audio}
        src={src}
        preload="none"
        controls={!hydrated}
        onPlay={() => setState('loading')}
        onPlaying={() => setState('playing')}
        onWaiting={() => setState('loading')}
        onPause={() => setState('paused')}
        onEnded={(e) => {
          // Spec 02 §4: the end brings the position back to the start.
          e.currentTarget.currentTime = 0;
          setState('idle');
          setTime((t) => ({ ...t, current: 0 }));
        }}
        onLoadedMetadata={(e) => setTime({ current: e.currentTarget.currentTime, duration: known(e.currentTarget.duration) })}
        onTimeUpdate={(e) => setTime({ current: e.currentTarget.currentTime, duration: known(e.currentTarget.duration) })}
        onVolumeChange={(e) => setVolumeState(round1(e.currentTarget.volume))}
        onError={(e) => console.error('podcast failed to load', e.currentTarget.error)}
        className={hydrated ? 'hidden' : 'w-full'}
      />
      <div className="flex flex-wrap items-center gap-3">
        {hydrated && (
          <>
            <button type="button" onClick={toggle} aria-label={playing ? 'توقف نسخه صوتی' : 'پخش نسخه صوتی'} aria-busy={state === 'loading'} className={`${buttonStyles.iconShape} bg-accent-solid text-accent-fg`}>
              {state === 'loading' ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
                : playing ? <Pause aria-hidden="true" className="size-5 fill-current" /> : <Play aria-hidden="true" className="size-5 fill-current" />}
            </button>
            {/* Right to left like the page: the bar fills from the right, where the elapsed time
                reads first, and the arrow keys move the thumb the way they point. */}
            <div className="flex min-w-40 flex-1 items-center gap-2">
              <input
                type="range"
                min={0}
                max={time.duration || 0}
                step={1}
                value={time.current}
                onChange={(e) => seek(Number(e.currentTarget.value))}
                aria-label="جابه‌جایی در نسخه صوتی"
                aria-valuetext={`${formatMediaTime(time.current)} از ${formatMediaTime(totalSeconds(time.duration))}`}
                className="h-6 min-w-0 flex-1 accent-[var(--c-accent)]"
              />
              <span className="text-xs text-muted tabular-nums" data-testid="podcast-time">{formatMediaTime(time.current)} / {formatMediaTime(totalSeconds(time.duration))}</span>
            </div>
            <div className="flex items-center gap-1" role="group" aria-label="بلندی صدا">
              <button type="button" onClick={() => setVolume(volume - VOLUME_STEP)} disabled={volume <= 0} aria-label="کم کردن صدا" className={buttonStyles.icon}>
                <Volume1 aria-hidden="true" className="size-5" />
              </button>
              <output aria-live="polite" className="w-10 text-center text-xs tabular-nums">{formatNumberFa(Math.round(volume * 100))}٪</output>
              <button type="button" onClick={() => setVolume(volume + VOLUME_STEP)} disabled={volume >= 1} aria-label="زیاد کردن صدا" className={buttonStyles.icon}>
                <Volume2 aria-hidden="true" className="size-5" />
              </button>
            </div>
          </>
        )}
        <a href={src} download={fileName} type="audio/mpeg" className={`inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm text-muted hover:text-accent ${focusRing}`}>
          <Download aria-hidden="true" className="size-4" />دریافت فایل صوتی <bdi dir="ltr">(MP3)</bdi>
        </a>
        {feedUrl && (
          <a href={feedUrl} type="application/rss+xml" className={`inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm text-muted hover:text-accent ${focusRing}`}>
            <Rss aria-hidden="true" className="size-4" />اشتراک پادکست چاپار
          </a>
        )}
      </div>
    </section>
  );
}
