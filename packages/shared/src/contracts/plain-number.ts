import { z } from 'zod';

/** Plain decimal notation: no sign but minus, exponent, 0x/0b/0o prefix, space, leading or trailing zero. */
const PLAIN_DECIMAL = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*[1-9])?$/;

/**
 * A number read from a path, a query or a body, in one spelling. `z.coerce.number` alone takes
 * "0x2d", "+45", "4.5e1", "045" and " 45" as 45: each a page of its own in every cache, and an
 * address no link of ours makes. A string in another notation becomes NaN, which `schema` refuses
 * with its own message.
 */
export const plainNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && !PLAIN_DECIMAL.test(value) ? Number.NaN : value), schema);
