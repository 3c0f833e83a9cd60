// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ScanDuplicate, ScanResult } from '@chapar/shared/contracts';
import '../../../../testing/dom-shims.ts';
import { ADMIN_STATUS_PATH } from '../../../../features/auth/api.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { LAST_SCAN_KEY } from '../api.ts';
import { ScannerTab } from './scanner-tab.tsx';

const status = { authenticated: true, csrfToken: 'tok', user: { id: 1, username: 'admin', role: 'admin' } };
const article = (id: number, title: string) => ({ id, title, excerpt: '', category: 'politics', source: 'akhbar_rooz', telegramId: id, publishedAt: '2026-12-01T10:00:00.000Z', views: 3 });

const pair = (over: Partial<ScanDuplicate> = {}): ScanDuplicate => ({
  matchType: 'combined',
  similarityScore: 0.8,
  duplicateProbability: 0.99,
  recommendation: 'keep_original',
  reasoning: 'دو مقاله یک خبرند',
  detailedAnalysis: {
    titleSimilarity: 0.92, contentSimilarity: 1, mediaSimilarity: 0, figureSimilarity: 0.5,
    weights: { content: 0.45, title: 0.2, figures: 0.2, media: 0.15 },
    keywordMatches: ['مترو'],
    reasons: ['قاعدهٔ تصمیم: متن‌ها ۱۰۰٪ واژهٔ مشترک دارند (آستانه ۴۲٪)', 'شباهت کل ۸۰٪ = ۰٫۴۵ × متن ۱۰۰٪ + … (میانگین وزنی بخش‌ها)'],
  },
  originalArticle: article(10, 'خط ۷ مترو افتتاح شد'),
  duplicateArticle: article(11, 'افتتاح خط ۷ مترو'),
  ...over,
});

function show(duplicates: ScanDuplicate[]) {
  const scan: ScanResult = { success: true, message: '', operationId: 1, status: 'success', totalArticles: 20, processingTime: 120, duplicates, scannedAt: '2026-12-05T08:00:00.000Z' };
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(scan), { status: 200, headers: { 'content-type': 'application/json' } })));
  renderWithApp(<ScannerTab />, { data: [[[ADMIN_STATUS_PATH], status], [[...LAST_SCAN_KEY], scan]] });
  return screen.getAllByTestId('scan-pair');
}

afterEach(() => { vi.unstubAllGlobals(); });

describe('a scanned pair', () => {
  it('shows one headline score, the chance of a duplicate the decision reads, and no second score beside it', () => {
    const [card] = show([pair()]);
    expect(within(card).getByTestId('pair-score').textContent).toBe('احتمال تکرار ۹۹٪');
    // The overall similarity is only in the collapsed breakdown.
    const breakdown = within(card).getByTestId('score-breakdown') as HTMLDetailsElement;
    expect(breakdown.tagName).toBe('DETAILS');
    expect(breakdown.open).toBe(false);
    for (const node of within(card).getAllByText(/شباهت کل|احتمال تکرار/)) {
      if (node !== within(card).getByTestId('pair-score')) expect(breakdown.contains(node)).toBe(true);
    }
  });

  it('breaks the formula only between its terms: each term is one unbreakable span', () => {
    const [card] = show([pair()]);
    const formula = within(card).getByTestId('overall-formula');
    expect(formula.closest('details')).toBe(within(card).getByTestId('score-breakdown'));
    expect(formula.textContent).toBe('شباهت کل ۸۰٪ = ۰٫۴۵ × متن ۱۰۰٪ + ۰٫۲۰ × عنوان ۹۲٪ + ۰٫۲۰ × اعداد ۵۰٪ + ۰٫۱۵ × تصویر و ویدیو ۰٪');
    const terms = [...formula.querySelectorAll('[data-term]')];
    expect(terms.map((t) => t.textContent)).toEqual(['شباهت کل ۸۰٪', '۰٫۴۵ × متن ۱۰۰٪', '۰٫۲۰ × عنوان ۹۲٪', '۰٫۲۰ × اعداد ۵۰٪', '۰٫۱۵ × تصویر و ویدیو ۰٪']);
    for (const t of terms) expect(t.className).toContain('whitespace-nowrap');
    // Only the separators lie outside the terms.
    const outside = terms.reduce((text, t) => text.replace(t.textContent!, '|'), formula.textContent!);
    expect(outside).toBe('| = | + | + | + |');
  });

  it('is coloured by its headline score', () => {
    const [sure, likely] = show([pair(), pair({ duplicateProbability: 0.72, similarityScore: 0.95, duplicateArticle: article(12, 'خبر دیگر') })]);
    expect(sure.className).toContain('bg-red-100');
    expect(likely.className).toContain('bg-yellow-100');
  });

  it('names the older side the original, or the fuller story when its short repeat came first', () => {
    const [usual, teaserFirst] = show([
      pair(),
      pair({ originalArticle: { ...article(20, 'گزارش کامل'), publishedAt: '2026-12-01T12:00:00.000Z' }, duplicateArticle: article(21, 'تکرار بند نخست') }),
    ]);
    expect(within(usual).getByText('اصلی (قدیمی‌تر)')).toBeTruthy();
    expect(within(usual).getByText('تکراری (جدیدتر)')).toBeTruthy();
    expect(within(teaserFirst).getByText('اصلی (کامل‌تر)')).toBeTruthy();
    expect(within(teaserFirst).getByText('تکراری (تکرار بخشی از آن)')).toBeTruthy();
    expect(within(teaserFirst).queryByText(/قدیمی‌تر|جدیدتر/)).toBeNull();
  });

  it('an older scan without the chance shows its overall similarity as the one score', () => {
    const [card] = show([pair({ duplicateProbability: undefined })]);
    expect(within(card).getByTestId('pair-score').textContent).toBe('شباهت کل ۸۰٪');
    expect(within(card).queryByText(/احتمال تکرار/)).toBeNull();
  });
});
