import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { MAX_ID } from './page-reads.ts';

/** Error body of every non-2xx answer. */
export const errorResponse = z.object({ error: z.string(), message: z.string() });

/** A numeric id in a path: digits only, positive, within int4. */
export const idParam = z.object({
  id: plainNumber(z.coerce.number({ error: 'شناسه باید عدد باشد' }).int('شناسه باید عدد صحیح باشد').positive('شناسه باید مثبت باشد').max(MAX_ID, 'شناسه بیش از حد بزرگ است')),
});

export const MAX_PAGE_LIMIT = 100;
/** The admin article table reads up to 1000 at once (spec 03 §9). */
export const MAX_ADMIN_LIMIT = 1000;
/** The largest page an anonymous reader gets from a list (the public pages ask for 6 to 20). */
export const MAX_PUBLIC_LIMIT = 50;

export const okResponse = z.object({ success: z.boolean(), message: z.string() });
