import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * Staff accounts. The role is one of the permission table's (owner, editor, moderator, viewer).
 * An invited account has no password until its one-time link is used (only the link's SHA-256
 * is kept). The TOTP secret is sealed with SESSION_SECRET; the last accepted time step is kept
 * so a code is never accepted twice.
 */
export const adminUsers = pgTable('admin_users', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 64 }).notNull().unique(),
  passwordHash: text('password_hash'),
  role: varchar('role', { length: 16 }).notNull().default('viewer'),
  name: varchar('name', { length: 100 }),
  email: varchar('email', { length: 254 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  invitedBy: varchar('invited_by', { length: 64 }),
  inviteHash: varchar('invite_hash', { length: 64 }).unique(),
  inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
  totpSecret: jsonb('totp_secret').$type<Record<string, unknown>>(),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  totpLastStep: integer('totp_last_step'),
});

/** One-time recovery codes for two-factor sign-in: only their SHA-256, marked when used. */
export const recoveryCodes = pgTable('recovery_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => adminUsers.id, { onDelete: 'cascade' }),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('recovery_codes_user_code_uq').on(t.userId, t.codeHash)]);

/** A password proved right, waiting for the second factor: only the token's SHA-256 is kept. */
export const loginChallenges = pgTable('login_challenges', {
  idHash: varchar('id_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id').notNull().references(() => adminUsers.id, { onDelete: 'cascade' }),
  ip: varchar('ip', { length: 64 }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Server-side sessions: the cookie carries only the random id; its SHA-256 is stored. */
export const sessions = pgTable('sessions', {
  idHash: varchar('id_hash', { length: 64 }).primaryKey(),
  /** What the session lists show and end a session by (never the cookie's id or its hash). */
  publicId: uuid('public_id').notNull().defaultRandom().unique(),
  userId: integer('user_id').notNull().references(() => adminUsers.id, { onDelete: 'cascade' }),
  csrfToken: varchar('csrf_token', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ip: varchar('ip', { length: 64 }),
  userAgent: text('user_agent'),
}, (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)]);

/**
 * Login attempts, written before the password is checked so concurrent attempts count each
 * other: unsuccessful ones are counted per IP, per IP and username, and per username over a
 * sliding window; successful ones are kept a while to know the addresses a user logs in from.
 */
export const loginAttempts = pgTable('login_attempts', {
  id: serial('id').primaryKey(),
  ip: varchar('ip', { length: 64 }).notNull(),
  username: varchar('username', { length: 64 }).notNull(),
  succeeded: boolean('succeeded').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('login_attempts_ip_idx').on(t.ip, t.createdAt), index('login_attempts_user_idx').on(t.username, t.createdAt)]);

/**
 * The audit trail: every admin write with who (kept as written then, so it outlives the
 * account), when, from where, what, and the changed fields before and after. Nothing in the
 * admin edits it; rows older than AUDIT_RETENTION_DAYS are dropped by a daily job.
 */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actorId: integer('actor_id'),
  actorUsername: varchar('actor_username', { length: 64 }),
  actorRole: varchar('actor_role', { length: 16 }),
  ip: varchar('ip', { length: 64 }),
  userAgent: varchar('user_agent', { length: 300 }),
  action: varchar('action', { length: 64 }).notNull(),
  method: varchar('method', { length: 8 }),
  route: varchar('route', { length: 200 }),
  targetType: varchar('target_type', { length: 32 }),
  targetId: varchar('target_id', { length: 80 }),
  /** [{ id?, field, before, after }] for each field the write changed. */
  changes: jsonb('changes').$type<Array<Record<string, unknown>>>().notNull().default([]),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  status: integer('status'),
}, (t) => [
  index('audit_log_at_idx').on(t.at),
  index('audit_log_actor_idx').on(t.actorUsername, t.at),
  index('audit_log_action_idx').on(t.action, t.at),
  index('audit_log_target_idx').on(t.targetType, t.targetId, t.at),
]);
