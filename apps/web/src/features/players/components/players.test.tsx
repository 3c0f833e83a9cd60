// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render.tsx';
import { PodcastPlayer } from './podcast-player.tsx';
import { CONTROLS_HIDE_MS, VideoPlayer } from './video-player.tsx';

afterEach(() => vi.useRealTimers());

describe('video player', () => {
  it('hides its controls 3 s after playback starts and shows them again on interaction', () => {
    vi.useFakeTimers();
    renderWithApp(<VideoPlayer src="/media/v.mp4" label="ویدیوی خبر" />);
    const video = document.querySelector('video')!;
    Object.defineProperty(video, 'paused', { value: false, configurable: true });
    fireEvent.playing(video);
    const controls = screen.getByTestId('video-controls');
    expect(controls.getAttribute('aria-hidden')).toBe('false');
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS - 1));
    expect(controls.getAttribute('aria-hidden')).toBe('false');
    act(() => vi.advanceTimersByTime(1));
    expect(controls.getAttribute('aria-hidden')).toBe('true');
    fireEvent.pointerMove(screen.getByRole('group', { name: /^پخش‌کننده ویدیو/ }));
    expect(controls.getAttribute('aria-hidden')).toBe('false');
  });

  it('shows the stored poster frame and length before the metadata loads, and keeps the length when the element reports none', () => {
    renderWithApp(<VideoPlayer src="/media/v.mp4" poster="/media/v.poster.jpg" duration={95} label="ویدیوی خبر" />);
    const video = document.querySelector('video')!;
    expect(video.getAttribute('poster')).toBe('/media/v.poster.jpg');
    const controls = screen.getByTestId('video-controls');
    expect(controls.textContent).toContain('۰:۰۰ / ۱:۳۵');
    Object.defineProperty(video, 'duration', { value: Number.NaN, configurable: true });
    fireEvent.loadedMetadata(video);
    expect(controls.textContent).toContain('۰:۰۰ / ۱:۳۵');
    Object.defineProperty(video, 'duration', { value: 96.4, configurable: true });
    fireEvent.loadedMetadata(video);
    expect(controls.textContent).toContain('۰:۰۰ / ۱:۳۶');
  });

  it('shows the error with an open-in-new-tab link', () => {
    renderWithApp(<VideoPlayer src="/media/broken.mp4" label="ویدیوی خبر" />);
    fireEvent.error(document.querySelector('video')!);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('خطا در بارگذاری ویدیو');
    const link = screen.getByRole('link', { name: 'باز کردن در برگه جدید' });
    expect(link.getAttribute('href')).toBe('/media/broken.mp4');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

describe('podcast player', () => {
  it('moves the volume in steps of 0.1 and returns to the start at the end', () => {
    renderWithApp(<PodcastPlayer src="/media/p.mp3" duration={90} />);
    const audio = document.querySelector('audio')!;
    fireEvent.click(screen.getByRole('button', { name: 'کم کردن صدا' }));
    fireEvent.click(screen.getByRole('button', { name: 'کم کردن صدا' }));
    expect(audio.volume).toBeCloseTo(0.8);
    expect(screen.getByText('۸۰٪')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'زیاد کردن صدا' }));
    expect(audio.volume).toBeCloseTo(0.9);
    expect((screen.getByRole('button', { name: 'زیاد کردن صدا' }) as HTMLButtonElement).disabled).toBe(false);

    let position = 42;
    Object.defineProperty(audio, 'currentTime', { get: () => position, set: (v: number) => { position = v; }, configurable: true });
    fireEvent.ended(audio);
    expect(position).toBe(0);
    expect(screen.getByRole('button', { name: 'پخش نسخه صوتی' })).toBeTruthy();
  });

  it('shows its length before it plays, names the voice, and offers the .mp3', () => {
    renderWithApp(<PodcastPlayer src="/media/podcasts/7-abc.mp3" duration={95} voice="espeak-ng-fa" articleId={7} />);
    expect(screen.getByTestId('podcast-length').textContent).toContain('۱ دقیقه و ۳۵ ثانیه');
    expect(screen.getByTestId('podcast-time').textContent).toBe('۰:۰۰ / ۱:۳۵');
    expect(screen.getByText(/با صدای گوینده ماشینی/)).toBeTruthy();
    const link = screen.getByRole('link', { name: /دریافت فایل صوتی/ });
    expect(link.getAttribute('href')).toBe('/media/podcasts/7-abc.mp3');
    expect(link.getAttribute('download')).toBe('chapar-podcast-7.mp3');
    // The format's Latin name is isolated with its brackets: they do not mirror, and they are
    // shaped with the name (brackets outside the isolate took the Persian font's wide ones).
    expect(link.querySelector('bdi[dir="ltr"]')?.textContent).toBe('(MP3)');
  });

  it('reads the same length before and after the file loads, and runs right to left', () => {
    renderWithApp(<PodcastPlayer src="/media/p.mp3" duration={48} />);
    expect(screen.getByTestId('podcast-time').textContent).toBe('۰:۰۰ / ۰:۴۸');
    const audio = document.querySelector('audio')!;
    Object.defineProperty(audio, 'duration', { get: () => 47.6, configurable: true });
    fireEvent.loadedMetadata(audio);
    expect(screen.getByTestId('podcast-time').textContent).toBe('۰:۰۰ / ۰:۴۸');
    // No LTR island: the bar fills from the right, like the page reads.
    expect(screen.getByRole('slider').closest('[dir="ltr"]')).toBeNull();
  });

  it('is loading between the play button and the sound, then playing', () => {
    renderWithApp(<PodcastPlayer src="/media/p.mp3" duration={10} />);
    const audio = document.querySelector('audio')!;
    Object.defineProperty(audio, 'paused', { get: () => true, configurable: true });
    audio.play = () => new Promise<void>(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'پخش نسخه صوتی' }));
    const section = screen.getByRole('region', { name: 'نسخه صوتی خبر' });
    expect(section.getAttribute('data-podcast-state')).toBe('loading');
    fireEvent.playing(audio);
    expect(section.getAttribute('data-podcast-state')).toBe('playing');
    expect(screen.getByRole('button', { name: 'توقف نسخه صوتی' })).toBeTruthy();
    fireEvent.pause(audio);
    expect(section.getAttribute('data-podcast-state')).toBe('paused');
  });
});
