// @vitest-environment jsdom
// A monitor switched on with no channel switched on does nothing, and the tab says so: no «فعال», no
// countdown, why in Persian and where to go, no environment variable's name.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { MonitorStatus } from '@chapar/shared/contracts';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { AutoMonitorTab } from './auto-monitor-tab.tsx';

const SESSION = { isAuthenticated: true, username: 'admin', csrfToken: 't', role: 'admin', permissions: ['view', 'jobs', 'settings'], twoFactorSetupRequired: false, trashRetentionDays: 30 };

function serve(status: MonitorStatus) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const body = String(input).startsWith('/api/admin/status') ? SESSION : status;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
}

const base: MonitorStatus = {
  isMonitoring: true, activeChannels: 2, nextCheck: new Date(Date.now() + 60_000).toISOString(), intervalMinutes: 10,
  lastResults: { newPosts: 0, processedPosts: 0, lastCheck: null, success: true, errors: [], withoutMedia: [] },
};

describe('the auto-monitor tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('with no active channel: «بی‌کار», why and what to do, no countdown, no variable name', async () => {
    // Even with a next check in the answer, no countdown runs while no channel is active.
    serve({
      ...base, activeChannels: 0,
      lastResults: { newPosts: 0, processedPosts: 0, lastCheck: new Date().toISOString(), success: false, errors: ['هیچ کانال فعالی نیست؛ پایش کاری انجام نمی‌دهد. کانالی را در «کانال‌ها» فعال کنید'], withoutMedia: [] },
    });
    const { container } = renderWithApp(<AutoMonitorTab />);
    await screen.findByText('آخرین بررسی');
    const notice = container.querySelector<HTMLElement>('[data-no-active-channel]')!;
    // A standing note, not a live status: role=status marks loading states (the e2e «settled» waits for them to go).
    expect(notice.getAttribute('role')).toBe('note');
    expect(notice.textContent).toBe('هیچ کانال فعالی نیست؛ پایش کاری انجام نمی‌دهد. کانالی را در «کانال‌ها» فعال کنید');
    expect(within(notice).getByRole('link', { name: 'کانال‌ها' }).getAttribute('href')).toBe('/admin?tab=channels');
    const badge = container.querySelector<HTMLElement>('[data-monitor-state]')!;
    expect(badge.dataset.monitorState).toBe('idle');
    expect(badge.textContent).toBe('بی‌کار');
    const countdown = container.querySelector('[data-countdown]')!;
    expect(countdown.querySelector('time')).toBeNull();
    expect(countdown.textContent).toBe('بدون کانال فعال، بررسی‌ای در کار نیست');
    // A sentence in the figure's place is set as text, not in the figures' large bold type.
    expect(countdown.className).not.toMatch(/text-2xl|font-bold/);
    expect(container.textContent).not.toContain('TELEGRAM_CHANNELS');
  });

  it('with an active channel: «فعال» and the countdown, no notice', async () => {
    serve(base);
    const { container } = renderWithApp(<AutoMonitorTab />);
    await screen.findByText('آخرین بررسی');
    expect(container.querySelector<HTMLElement>('[data-monitor-state]')!.textContent).toBe('فعال');
    expect(container.querySelector('[data-countdown] time')).not.toBeNull();
    expect(container.querySelector('[data-countdown]')!.className).toContain('text-2xl');
    expect(container.querySelector('[data-no-active-channel]')).toBeNull();
    expect(container.querySelector('[data-without-media]')).toBeNull();
  });

  it('lists the last check\'s posts published without their media apart from its errors, the check still a success', async () => {
    const lacking = 'پست \u2066@akhbar_rooz/102\u2069: منتشر شد، بی‌تصویر: دریافت از تلگرام نشد (سرور رسانه فایل را نداد (۵۰۰))';
    serve({ ...base, lastResults: { newPosts: 1, processedPosts: 1, lastCheck: new Date().toISOString(), success: true, errors: [], withoutMedia: [lacking] } });
    const { container } = renderWithApp(<AutoMonitorTab />);
    await screen.findByText('منتشرشده با رسانهٔ ناقص');
    const note = container.querySelector<HTMLElement>('[data-without-media]')!;
    expect(note.getAttribute('role')).toBe('note');
    expect(within(note).getAllByRole('listitem').map((li) => li.textContent)).toEqual([lacking]);
    expect(screen.getByText('موفق')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
