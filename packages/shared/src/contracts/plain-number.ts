import { z } from 'zod';

/** Plain decimal notation: no sign but minus, exponent, 0x/0b/0o prefix, space, leading or trailing zero. */
const PLAIN_DECIMAL = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*[1-9])?$/;

/**
 * A number read from a path, a query or a body, in one spelling. `z.coerce.number` alone takes
 * "0x2d", "+45", "4.5e1", "045" and " 45" as 45: each a page of its own in every cache, and an
 * address no link of ours makes; in a JSON body it takes `true` as 1 and `[44]` as 44. A string in
 * another notation, and any value but a number or a string, becomes NaN, which `schema` refuses
 * with its own message (null and undefined pass, for optional and nullable schemas).
 */
export const plainNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (value === null || value === undefined || typeof value === 'number') return value;
    return typeof value === 'string' && PLAIN_DECIMAL.test(value) ? value : Number.NaN;
  }, schema);
