import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_PATHS } from '@chapar/shared/contracts';
import { pageWindow } from './components/pagination.tsx';
import { exportFileName } from './features/newsletter/api.ts';
import { adminPaths, isTabId, safeNext, TAB_IDS } from './paths.ts';

describe('admin addresses', () => {
  it('lists the twelve tabs in the spec order and gives each its own address', () => {
    expect(TAB_IDS).toEqual(['articles', 'system-monitor', 'generate', 'channels', 'duplicate', 'scanner', 'watermark', 'auto-monitor', 'newsletter', 'comments', 'ignored', 'telegram-auth']);
    expect(adminPaths.dashboard()).toBe('/admin');
    expect(adminPaths.dashboard('articles')).toBe('/admin');
    expect(adminPaths.dashboard('comments')).toBe('/admin?tab=comments');
    expect(isTabId('scanner')).toBe(true);
    expect(isTabId('Scanner')).toBe(false);
    expect(isTabId(null)).toBe(false);
  });

  it('gives the server every screen\'s address, so loading one directly answers 200, not 404', () => {
    const screens = Object.values(adminPaths).map((path) => (path as () => string)().split('?')[0]);
    expect(screens).toContain('/admin/deleted-articles');
    for (const screen of screens) expect(ADMIN_PAGE_PATHS, screen).toContain(screen);
  });

  it('returns after login only to admin addresses of this site', () => {
    expect(safeNext('/admin/blocklist')).toBe('/admin/blocklist');
    expect(safeNext(adminPaths.deletedArticles())).toBe('/admin/deleted-articles');
    expect(safeNext('/admin?tab=comments')).toBe('/admin?tab=comments');
    expect(safeNext(null)).toBe('/admin');
    expect(safeNext('https://evil.example/admin')).toBe('/admin');
    expect(safeNext('//evil.example/admin')).toBe('/admin');
    expect(safeNext('/article/1')).toBe('/admin');
    expect(safeNext('/admin/login?next=/admin')).toBe('/admin');
    expect(adminPaths.login('/admin?tab=comments')).toBe('/admin/login?next=%2Fadmin%3Ftab%3Dcomments');
  });
});

describe('page buttons', () => {
  it('shows at most five, centred on the current page where possible', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(5000, 5000)).toEqual([4996, 4997, 4998, 4999, 5000]);
  });
});

describe('newsletter export', () => {
  it('names the file by the date in Tehran', () => {
    // 22:00 UTC on 23 November is already 24 November in Tehran (UTC+3:30).
    expect(exportFileName(new Date('2026-11-23T22:00:00Z'))).toBe('newsletter-subscribers-2026-11-24.csv');
    expect(exportFileName(new Date('2026-11-23T10:00:00Z'))).toBe('newsletter-subscribers-2026-11-23.csv');
  });
});
