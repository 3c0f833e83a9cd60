// Who may do what in the admin area: the one permission table (docs/accounts.md describes it).
// The server's guard reads the permission each admin route declares and this table; the admin
// screens read the same table to hide what a role cannot do.

export const ROLES = ['owner', 'editor', 'moderator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** One's own account: password, two-factor sign-in, sessions, logout. */
  'self',
  /** Reading the dashboard: the article table, operations, system monitor, analytics. */
  'view',
  /** Editing, publishing, unpublishing, deleting and restoring articles; uploads; podcasts of one article. */
  'articles',
  /** Generate, sync, repairs, duplicates, content verification, watermark tools: every job. */
  'jobs',
  /** Reading and moderating readers' comments. */
  'comments',
  /** Ignored posts: reading, reviewing, processing. */
  'ignored',
  /** Blocked posts: reading, removing, allowing regeneration. */
  'blocklist',
  /** Newsletter subscribers (personal data): reading, editing, exporting. */
  'newsletter',
  /** Site settings: channels, the site's Telegram sign-in, the monitor's switch. */
  'settings',
  /** Accounts, everyone's sessions, site-wide security and the audit trail. */
  'accounts',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  editor: ['self', 'view', 'articles', 'jobs', 'comments', 'ignored', 'blocklist'],
  moderator: ['self', 'comments'],
  viewer: ['self', 'view'],
};

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'مالک',
  editor: 'ویراستار',
  moderator: 'ناظر نظرها',
  viewer: 'بیننده',
};

export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  owner: 'همه‌چیز، از جمله حساب‌ها، تنظیمات و گزارش کارها',
  editor: 'مقاله‌ها، تولید و همگام‌سازی، تکراری‌ها، بررسی کیفیت، نظرها، پست‌های نادیده و فهرست مسدود',
  moderator: 'فقط نظرها',
  viewer: 'فقط دیدن داشبورد و پایش سیستم',
};

export const PERMISSION_LABELS: Readonly<Record<Permission, string>> = {
  self: 'حساب خود',
  view: 'دیدن داشبورد و پایش سیستم',
  articles: 'ویرایش و انتشار مقاله‌ها',
  jobs: 'تولید، همگام‌سازی، تکراری‌ها و بررسی کیفیت',
  comments: 'نظرها',
  ignored: 'پست‌های نادیده',
  blocklist: 'فهرست مسدود',
  newsletter: 'خبرنامه',
  settings: 'تنظیمات سایت',
  accounts: 'حساب‌ها و گزارش کارها',
};

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Whether the role holds the permission; an unknown role holds none. */
export function roleCan(role: string, permission: Permission): boolean {
  return isRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** The Persian refusal the guard sends with 403. */
export function forbiddenMessage(role: string): string {
  const label = isRole(role) ? ROLE_LABELS[role] : role;
  return `نقش شما (${label}) اجازهٔ این کار را ندارد`;
}
