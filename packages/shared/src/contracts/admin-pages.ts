// The admin area's addresses (spec 03 §2.1 and the screens added since): the server answers
// these with the admin page and 200, any other /admin/... path with it and 404.
export const ADMIN_PAGE_PATHS = [
  '/admin', '/admin/bulk', '/admin/login', '/admin/ignored', '/admin/newsletter', '/admin/sync',
  '/admin/telegram-auth', '/admin/blocklist', '/admin/deleted-articles', '/admin/content-verification',
  // The owner's accounts and audit trail, one's own account, an invitation's page.
  '/admin/users', '/admin/audit', '/admin/account', '/admin/invite',
] as const;

/** The dashboard's tabs (spec 03 §2.3), in the spec's order; each is at /admin?tab=<id>. */
export const ADMIN_TAB_IDS = [
  'articles', 'system-monitor', 'generate', 'channels', 'duplicate', 'scanner',
  'watermark', 'auto-monitor', 'newsletter', 'comments', 'ignored', 'telegram-auth',
] as const;
export type AdminTabId = (typeof ADMIN_TAB_IDS)[number];

/**
 * Where a path that is not an admin page but names a tab (/admin/articles, /admin/comments)
 * belongs: the dashboard with that tab open, the rest of the query kept. Undefined otherwise.
 */
export function adminTabAddress(url: string): string | undefined {
  const [path, query = ''] = url.split('#', 1)[0].split(/\?(.*)/s, 2);
  const name = /^\/admin\/([a-z-]+)\/?$/.exec(path)?.[1];
  if (!name || !(ADMIN_TAB_IDS as readonly string[]).includes(name) || (ADMIN_PAGE_PATHS as readonly string[]).includes(`/admin/${name}`)) return undefined;
  const params = new URLSearchParams(query);
  params.delete('tab');
  if (name !== 'articles') params.set('tab', name);
  const rest = params.toString();
  return rest ? `/admin?${rest}` : '/admin';
}
