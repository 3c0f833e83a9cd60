// The generate tab's inputs, checked as spec 03 §5 says.
import { z } from 'zod';
import { LINK_MESSAGES, PROCESS_RANGE_MAX } from '@chapar/shared/contracts';
import { toPersianDigits } from '@chapar/shared/text';

/** host/{channel}/{numeric id}, with or without the scheme. */
const LINK = /^(?:https?:\/\/)?[^/\s]+\/([A-Za-z0-9_]{3,64})\/(\d{1,15})\/?(?:\?.*)?$/;

export const RANGE_MESSAGES = {
  format: 'بازه باید به صورت شروع-پایان باشد',
  max: `حداکثر ${toPersianDigits(PROCESS_RANGE_MAX)} پست در هر بازه`,
} as const;

export function parseLink(link: string): { channel: string; messageId: number } | null {
  const match = LINK.exec(link.trim());
  return match ? { channel: match[1], messageId: Number(match[2]) } : null;
}

export const linkField = z.string().trim().min(1, LINK_MESSAGES.required).refine((v) => parseLink(v) !== null, LINK_MESSAGES.invalid);

export const linkFormSchema = z.object({
  link: linkField,
  contentVerification: z.string().max(5000, 'متن تأیید حداکثر ۵۰۰۰ نویسه است'),
});

export const singlePostSchema = z.object({ url: linkField });

export function parseRange(value: string): { startId: number; endId: number } | null {
  const match = /^\s*(\d{1,15})\s*-\s*(\d{1,15})\s*$/.exec(value.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))));
  if (!match) return null;
  return { startId: Number(match[1]), endId: Number(match[2]) };
}

export const rangeSchema = z.object({
  range: z.string().trim().min(1, RANGE_MESSAGES.format)
    .refine((v) => { const r = parseRange(v); return r !== null && r.startId > 0 && r.endId >= r.startId; }, RANGE_MESSAGES.format)
    .refine((v) => { const r = parseRange(v); return r === null || r.endId - r.startId < PROCESS_RANGE_MAX; }, RANGE_MESSAGES.max),
});

export const articleIdSchema = z.object({
  id: z.string().trim().min(1, 'لطفاً شماره مقاله را وارد کنید').regex(/^[0-9۰-۹]+$/, 'لطفاً شماره مقاله را وارد کنید'),
});

export const toLatinNumber = (value: string) => Number(value.trim().replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))));
