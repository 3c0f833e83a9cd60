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
    // The names are in the text colour (a series colour on small text fell under 4.5:1 on one theme or the other).
    for (const name of Array.from(container.querySelectorAll('.recharts-legend-item span'))) expect((name as HTMLElement).style.color).toBe('');
  });
});

describe('the time axis', () => {
  const WIDTH = 358;
  const CHAR = 7;
  // jsdom lays nothing out: the charts get a phone's card width and recharts' text measurement a width per character.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const measured = this.id === 'recharts_measurement_span';
      const width = measured ? (this.textContent ?? '').length * CHAR : WIDTH;
      const height = measured ? 14 : 224;
      return { x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height, toJSON: () => ({}) };
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('puts the last time under its own tick, inside the chart, not pushed against the edge', () => {
    // Six samples a minute apart, the last on a whole minute: the last tick is the axis' end.
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 17, 55 + minute)).toISOString();
    const minutes = [0, 1, 2, 3, 4, 5];
    const { container } = render(<HistoryCharts history={{
      ...HISTORY,
      queue: minutes.map((m) => ({ at: at(m), pending: m, processing: 0, completed: 0, failed: 0 })),
      responseTimes: minutes.map((m) => ({ at: at(m), times: { database: 10 + m, redis: 3 } })),
    }} />);
    const charts = container.querySelectorAll('figure');
    expect(charts).toHaveLength(2);
    for (const chart of Array.from(charts)) {
      const axisEnd = Number(chart.querySelector('.recharts-xAxis .recharts-cartesian-axis-line')!.getAttribute('x2'));
      const last = Array.from(chart.querySelectorAll('.recharts-xAxis-tick-labels text')).at(-1)!;
      expect(last.textContent).toBe('۲۱:۳۰');
      const x = Number(last.getAttribute('x'));
      expect(x).toBe(axisEnd);
      expect(x + (last.textContent!.length * CHAR) / 2).toBeLessThanOrEqual(WIDTH);
    }
  });

  it('labels whole minutes only, each time once', () => {
    // Samples every 40 s over six minutes, not on whole minutes.
    const start = Date.UTC(2026, 10, 20, 17, 55, 10);
    const samples = Array.from({ length: 10 }, (_, i) => new Date(start + i * 40_000).toISOString());
    const { container } = render(<HistoryCharts history={{
      ...HISTORY,
      queue: samples.map((at) => ({ at, pending: 1, processing: 0, completed: 0, failed: 0 })),
      responseTimes: samples.map((at) => ({ at, times: { database: 10, redis: 3 } })),
    }} />);
    for (const chart of Array.from(container.querySelectorAll('figure'))) {
      const labels = Array.from(chart.querySelectorAll('.recharts-xAxis-tick-labels text'), (t) => t.textContent);
      expect(labels.length).toBeGreaterThan(1);
      expect(new Set(labels).size).toBe(labels.length);
      expect(labels[0]).toBe('۲۱:۲۶');
    }
  });
});
