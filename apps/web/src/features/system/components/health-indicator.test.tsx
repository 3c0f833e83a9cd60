// @vitest-environment jsdom
// Home's health line: the state is announced; the latency, which changes every 30 s, is not.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { StatusResponse } from '@chapar/shared/contracts';
import { renderWithApp } from '../../../testing/render.tsx';
import { STATUS_PATH } from '../api.ts';
import { HealthIndicator } from './health-indicator.tsx';

const healthy = { status: 'ok', database: { reachable: true } } as StatusResponse;

describe('HealthIndicator', () => {
  it('keeps the latency out of the live region, which says only the state and the database\'s', () => {
    renderWithApp(<HealthIndicator />, { data: [[[STATUS_PATH], healthy], [[STATUS_PATH, 'latency'], 42]] });
    const live = '[role="status"], [aria-live]:not([aria-live="off"])';
    const state = screen.getByText('سامانه فعال است', { exact: false }).closest(live);
    expect(state?.textContent).toMatch(/^سامانه فعال است\W*پایگاه داده در دسترس است$/);
    expect(screen.getByText(/تأخیر ۴۲ میلی‌ثانیه/).closest(live)).toBeNull();
  });
});
