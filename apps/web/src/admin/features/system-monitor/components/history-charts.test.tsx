// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { SystemHistory } from '@chapar/shared/contracts';
import '../../../../testing/dom-shims.ts';
import { HistoryCharts } from './history-charts.tsx';

afterEach(cleanup);

const HISTORY: SystemHistory = {
  windowMinutes: 60,
  queue: [
    { at: '2026-11-20T10:00:00.000Z', pending: 2, processing: 1, completed: 4, failed: 0 },
    { at: '2026-11-20T10:05:00.000Z', pending: 1, processing: 0, completed: 6, failed: 1 },
  ],
  responseTimes: [
    { at: '2026-11-20T10:00:00.000Z', times: { database: 12, redis: 3 } },
    { at: '2026-11-20T10:05:00.000Z', times: { database: 15, redis: null } },
  ],
  services: { database: 'پایگاه داده', redis: 'حافظهٔ نهان' },
};

const LATIN = /[A-Za-z]/;

describe('the system monitor\'s charts', () => {
  // jsdom lays nothing out: give the charts' container a size so recharts draws them.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 600, bottom: 224, width: 600, height: 224, toJSON: () => ({}) });
  });
  afterEach(() => vi.restoreAllMocks());

  it('name every legend item in Persian only, with no English label for assistive technology', () => {
    const { container } = render(<HistoryCharts history={HISTORY} />);
    const items = Array.from(container.querySelectorAll('.recharts-legend-item'), (li) => li.textContent?.trim());
    expect(items.sort()).toEqual(['در انتظار', 'در حال پردازش', 'ناموفق', 'پایگاه داده', 'حافظهٔ نهان'].sort());
    for (const element of Array.from(container.querySelectorAll('*'))) {
      for (const attribute of ['aria-label', 'aria-roledescription', 'aria-description', 'title', 'alt']) {
        expect(element.getAttribute(attribute) ?? '', `${element.localName}[${attribute}]`).not.toMatch(LATIN);
      }
      if (element.localName === 'title' || element.localName === 'desc') expect(element.textContent).not.toMatch(LATIN);
    }
    expect(container.textContent).not.toMatch(LATIN);
  });
});
