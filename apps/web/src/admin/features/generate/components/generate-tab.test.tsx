// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { parseRange } from '../../../lib/job-inputs.ts';
import { GenerateTab } from './generate-tab.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** A signed-in admin with no operations run yet. */
const stubSignedInFetch = () => vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.startsWith('/api/admin/status')) return json({ authenticated: true, csrfToken: 't', user: { id: 1, username: 'admin', role: 'admin' } });
  if (url.startsWith('/api/admin/operations')) return json({ operations: [] });
  return json({}, 404);
}));

describe('generate tab: headings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens with its own h2 under the page\'s h1, and no heading skips a level', async () => {
    stubSignedInFetch();
    renderWithApp(<GenerateTab />);
    await screen.findByText('هنوز عملیاتی اجرا نشده است.');
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    expect(levels[0]).toBe(2);
    levels.forEach((level, i) => { if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1]! + 1); });
  });
});

describe('generate tab: the range dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has its hint\'s example as the placeholder, in Persian digits, a range the form accepts', async () => {
    stubSignedInFetch();
    renderWithApp(<GenerateTab />);
    fireEvent.click(screen.getByRole('button', { name: 'پردازش بازه' }));
    const dialog = await screen.findByRole('dialog');
    const placeholder = within(dialog).getByLabelText('بازه (شروع-پایان)').getAttribute('placeholder')!;
    expect(placeholder).not.toMatch(/[0-9]/);
    expect(dialog.textContent).toContain(`(مثلاً ${placeholder})`);
    expect(parseRange(placeholder)).toEqual({ startId: 100, endId: 120 });
  });
});
