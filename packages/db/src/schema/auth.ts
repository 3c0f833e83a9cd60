import { boolean, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const adminUsers = pgTable('admin_users', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 64 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: varchar('role', { length: 16 }).notNull().default('admin'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/** Server-side sessions: the cookie carries only the random id; its SHA-256 is stored. */
export const sessions = pgTable('sessions', {
  idHash: varchar('id_hash', { length: 64 }).primaryKey(),
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
