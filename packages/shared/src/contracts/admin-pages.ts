// The admin area's addresses (spec 03 §2.1 and the screens added since): the server answers
// these with the admin page and 200, any other /admin/... path with it and 404.
export const ADMIN_PAGE_PATHS = [
  '/admin', '/admin/bulk', '/admin/login', '/admin/ignored', '/admin/newsletter', '/admin/sync',
  '/admin/telegram-auth', '/admin/blocklist', '/admin/deleted-articles', '/admin/content-verification',
  // The owner's accounts and audit trail, one's own account, an invitation's page.
  '/admin/users', '/admin/audit', '/admin/account', '/admin/invite',
] as const;
