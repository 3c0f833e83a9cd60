import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_PATHS, adminTabAddress } from './admin-pages.ts';

describe('adminTabAddress', () => {
  it('sends a tab typed as a path to the dashboard with that tab open', () => {
    expect(adminTabAddress('/admin/articles')).toBe('/admin');
    expect(adminTabAddress('/admin/comments')).toBe('/admin?tab=comments');
    expect(adminTabAddress('/admin/system-monitor/')).toBe('/admin?tab=system-monitor');
  });

  it('keeps the rest of the query and drops a tab it would contradict', () => {
    expect(adminTabAddress('/admin/comments?status=pending&page=2')).toBe('/admin?status=pending&page=2&tab=comments');
    expect(adminTabAddress('/admin/articles?tab=scanner&q=%D8%A8')).toBe('/admin?q=%D8%A8');
  });

  it('leaves admin pages, unknown names and other shapes alone', () => {
    for (const page of ADMIN_PAGE_PATHS) expect(adminTabAddress(page), page).toBeUndefined();
    // /admin/newsletter is a page of its own and a tab: the page wins.
    expect(adminTabAddress('/admin/newsletter')).toBeUndefined();
    for (const path of ['/admin/no-such-page', '/admin/Articles', '/admin/articles/5', '/adminarticles', '/admin//comments']) {
      expect(adminTabAddress(path), path).toBeUndefined();
    }
  });
});
