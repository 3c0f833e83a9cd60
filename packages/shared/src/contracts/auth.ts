import { z } from 'zod';

export const loginBody = z.object({
  username: z.string({ error: 'نام کاربری الزامی است' }).trim().min(1, 'لطفاً نام کاربری و رمز عبور را وارد کنید').max(64),
  password: z.string({ error: 'رمز عبور الزامی است' }).min(1, 'لطفاً نام کاربری و رمز عبور را وارد کنید').max(256),
});
export type LoginBody = z.infer<typeof loginBody>;

export const adminUser = z.object({ id: z.number().int(), username: z.string(), role: z.string() });

export const loginResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: adminUser,
  csrfToken: z.string(),
});

export const adminStatusResponse = z.object({
  isAuthenticated: z.boolean(),
  username: z.string().nullable(),
  csrfToken: z.string().nullable(),
});
export type AdminStatus = z.infer<typeof adminStatusResponse>;

export const CSRF_HEADER = 'x-csrf-token';
