import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { AlertTriangle, Download, ExternalLink, LoaderCircle, Maximize, Pause, Play, RotateCcw, Volume2, VolumeX } from '../../../components/icons';
import { focusRing } from '../../../components/ui/button-styles.ts';
import { cn } from '../../../lib/cn.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { formatMediaTime } from '../format-time.ts';

export type VideoState = 'idle' | 'loading' | 'playing' | 'paused' | 'error';
export const VIDEO_MESSAGES = {
  error: 'خطا در بارگذاری ویدیو',
  unsupported: 'مرورگر شما از پخش این ویدیو پشتیبانی نمی‌کند.',
} as const;
/** Spec 02 §4: controls hide 3 s after playback starts (and after each interaction). */
export const CONTROLS_HIDE_MS = 3000;
const SEEK_STEP_S = 5;
const TYPES: Readonly<Record<string, string>> = { webm: 'video/webm', ogv: 'video/ogg', mov: 'video/quicktime', m4v: 'video/mp4' };
const videoType = (src: string) => TYPES[/\.([a-z0-9]+)(?:[?#]|$)/i.exec(src)?.[1]?.toLowerCase() ?? ''] ?? 'video/mp4';

interface VideoPlayerProps {
  src: string;
  poster?: string | null;
  /** Length in seconds measured when the video was stored: shown before the metadata loads. */
  duration?: number | null;
  /** Accessible name: the video's alt text. */
  label: string;
  caption?: ReactNode;
}

const control = `inline-flex size-9 items-center justify-center rounded-full text-white hover:bg-white/20 ${focusRing}`;

/**
 * Spec 02 §4 video player: loading, playing, paused, error (with open-in-new-tab). Keyboard:
 * Space or K plays and pauses, arrows seek 5 s, M mutes, F full screen. Before the script
 * runs (and without JavaScript) the browser's own controls stand in.
 */
export function VideoPlayer({ src, poster, duration, label, caption }: VideoPlayerProps) {
  const hydrated = useHydrated();
  const video = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<VideoState>('idle');
  const [unsupported, setUnsupported] = useState(false);
  const known = duration && duration > 0 ? duration : 0;
  const [time, setTime] = useState({ current: 0, duration: known });
  /** The element's own length once it knows it (NaN or Infinity before then, and for streams). */
  const track = (v: HTMLVideoElement) => setTime({ current: v.currentTime, duration: Number.isFinite(v.duration) && v.duration > 0 ? v.duration : known });
  const [muted, setMuted] = useState(false);
  const [controlsVisible, setControlsVisible] = useState(true);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const scheduleHide = useCallback(() => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => {
      hideTimer.current = undefined;
      setControlsVisible(false);
    }, CONTROLS_HIDE_MS);
  }, []);
  /** Any interaction shows the controls; while playing they hide again 3 s later. */
  const showControls = useCallback(() => {
    setControlsVisible(true);
    if (video.current && !video.current.paused) scheduleHide();
  }, [scheduleHide]);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  // The server-rendered <video> starts loading before the page hydrates: catch up on
  // what it already knows (an error, the duration) that no event will report again.
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (v.error) fail(v);
    else if (v.readyState >= 1) track(v);
  }, []);
  useEffect(() => {
    // Buffering (and a looping video's restart) neither shows nor re-times the controls.
    if (state === 'playing') {
      if (!hideTimer.current) scheduleHide();
    } else if (state !== 'loading') {
      clearTimeout(hideTimer.current);
      hideTimer.current = undefined;
      setControlsVisible(true);
    }
  }, [state, scheduleHide]);

  function fail(v: HTMLVideoElement) {
    setUnsupported(!v.canPlayType(videoType(src)));
    setState('error');
  }

  const toggle = () => {
    const v = video.current;
    if (!v || state === 'error') return;
    if (v.paused) {
      setState('loading');
      v.play().catch(() => setState(v.error ? 'error' : 'paused'));
    } else v.pause();
  };
  const seek = (to: number) => {
    const v = video.current;
    if (v && Number.isFinite(v.duration)) v.currentTime = Math.min(Math.max(0, to), v.duration);
  };
  const toggleMute = () => {
    const v = video.current;
    if (!v) return;
    v.muted = !v.muted;
    setMuted(v.muted);
  };
  const fullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void box.current?.requestFullscreen?.().catch(() => undefined);
  };
  const retry = () => {
    setUnsupported(false);
    setState('idle');
    video.current?.load();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    const onControl = target.tagName === 'BUTTON' || target.tagName === 'A' || target.tagName === 'INPUT';
    showControls();
    switch (event.key) {
      case ' ':
      case 'k':
        if (onControl && event.key === ' ') return;
        event.preventDefault();
        toggle();
        break;
      case 'ArrowRight':
      case 'ArrowLeft':
        if (target.tagName === 'INPUT') return;
        event.preventDefault();
        seek((video.current?.currentTime ?? 0) + (event.key === 'ArrowRight' ? SEEK_STEP_S : -SEEK_STEP_S));
        break;
      case 'm':
        toggleMute();
        break;
      case 'f':
        fullscreen();
        break;
    }
  };

  const playing = state === 'playing' || state === 'loading';
  return (
    <figure className="my-6">
      <div
        ref={box}
        role="group"
        aria-label={`پخش‌کننده ویدیو: ${label}`}
        tabIndex={hydrated ? 0 : undefined}
        onKeyDown={onKeyDown}
        onPointerMove={showControls}
        onFocus={showControls}
        data-state={state}
        className={cn('relative overflow-hidden rounded-2xl bg-black', focusRing, !controlsVisible && 'cursor-none')}
      >
        <video
          ref={video}
          src={src}
          poster={poster ?? undefined}
          preload="metadata"
          playsInline
          controls={!hydrated}
          aria-label={label}
          onClick={toggle}
          onWaiting={() => setState('loading')}
          onPlaying={() => setState('playing')}
          onPause={() => setState((s) => (s === 'error' ? s : 'paused'))}
          onEnded={() => setState('paused')}
          onLoadedMetadata={(e) => track(e.currentTarget)}
          onTimeUpdate={(e) => track(e.currentTarget)}
          onError={(e) => fail(e.currentTarget)}
          className="aspect-video max-h-96 w-full bg-black object-contain"
        >
          {VIDEO_MESSAGES.unsupported}
        </video>

        {hydrated && state === 'error' && (
          <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/80 p-4 text-center text-white">
            <AlertTriangle aria-hidden="true" className="size-8 text-amber-400" />
            <p className="font-bold">{VIDEO_MESSAGES.error}</p>
            {unsupported && <p className="text-sm opacity-80">{VIDEO_MESSAGES.unsupported}</p>}
            <div className="flex flex-wrap justify-center gap-2">
              <a href={src} target="_blank" rel="noopener noreferrer" className={`inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-1.5 text-sm text-black ${focusRing}`}>
                <ExternalLink aria-hidden="true" className="size-4" />باز کردن در برگه جدید
              </a>
              <button type="button" onClick={retry} className={`inline-flex items-center gap-1.5 rounded-lg border border-white/60 px-3 py-1.5 text-sm ${focusRing}`}>
                <RotateCcw aria-hidden="true" className="size-4" />تلاش دوباره
              </button>
            </div>
          </div>
        )}

        {hydrated && state !== 'error' && !playing && (
          <button type="button" onClick={toggle} aria-label="پخش ویدیو" className={`absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full bg-accent text-accent-fg shadow-lg hover:scale-105 ${focusRing}`}>
            <Play aria-hidden="true" className="size-7 fill-current" />
          </button>
        )}
        {hydrated && state === 'loading' && (
          <LoaderCircle role="status" aria-label="در حال بارگذاری ویدیو" className="absolute inset-0 m-auto size-10 animate-spin text-white" />
        )}

        {hydrated && state !== 'error' && (
          <div
            dir="ltr"
            data-testid="video-controls"
            aria-hidden={!controlsVisible}
            className={cn('absolute inset-x-0 bottom-0 flex items-center gap-2 bg-gradient-to-t from-black/80 to-transparent px-3 pt-6 pb-2 text-white transition-opacity',
              controlsVisible ? 'opacity-100' : 'pointer-events-none opacity-0')}
          >
            <button type="button" onClick={toggle} tabIndex={controlsVisible ? 0 : -1} aria-label={playing ? 'توقف ویدیو' : 'پخش ویدیو'} className={control}>
              {playing ? <Pause aria-hidden="true" className="size-5 fill-current" /> : <Play aria-hidden="true" className="size-5 fill-current" />}
            </button>
            <input
              type="range"
              min={0}
              max={time.duration || 0}
              step={0.1}
              value={time.current}
              tabIndex={controlsVisible ? 0 : -1}
              onChange={(e) => seek(Number(e.currentTarget.value))}
              aria-label="جابه‌جایی در ویدیو"
              aria-valuetext={`${formatMediaTime(time.current)} از ${formatMediaTime(time.duration)}`}
              className="h-6 min-w-0 flex-1 accent-[var(--c-accent)]"
            />
            <span className="text-xs tabular-nums">{formatMediaTime(time.current)} / {formatMediaTime(time.duration)}</span>
            <button type="button" onClick={toggleMute} tabIndex={controlsVisible ? 0 : -1} aria-label={muted ? 'پخش صدا' : 'بی‌صدا'} aria-pressed={muted} className={control}>
              {muted ? <VolumeX aria-hidden="true" className="size-5" /> : <Volume2 aria-hidden="true" className="size-5" />}
            </button>
            <a href={src} download="chapar-video.mp4" tabIndex={controlsVisible ? 0 : -1} aria-label="دریافت ویدیو" className={control}>
              <Download aria-hidden="true" className="size-5" />
            </a>
            <button type="button" onClick={fullscreen} tabIndex={controlsVisible ? 0 : -1} aria-label="تمام‌صفحه" className={control}>
              <Maximize aria-hidden="true" className="size-5" />
            </button>
          </div>
        )}
      </div>
      {caption && <figcaption className="mt-2 text-sm text-muted">{caption}</figcaption>}
    </figure>
  );
}
