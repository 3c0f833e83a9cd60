// Every field a request contract names has a Persian name, so the generic validation answer
// (error-handler.ts) never shows an admin or a reader a field's English path.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '@chapar/shared/contracts';
import { FIELD_LABELS } from './field-labels.ts';

const REQUEST_SCHEMA = /(Body|Query|Querystring|Params?)$/;

/** Every object key in a schema, nested objects, arrays, unions and wrappers included. */
function fieldNames(schema: unknown, into = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return into;
  seen.add(schema);
  if (schema instanceof z.ZodObject) {
    for (const [name, field] of Object.entries(schema.shape as Record<string, unknown>)) {
      into.add(name);
      fieldNames(field, into, seen);
    }
    return into;
  }
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  for (const part of Object.values(def ?? {})) for (const inner of [part].flat()) fieldNames(inner, into, seen);
  return into;
}

describe('field labels', () => {
  const requests = Object.entries(contracts).filter(([name, value]) => REQUEST_SCHEMA.test(name) && value instanceof z.ZodType);

  it('finds the request contracts (bodies, queries, params) with their nested fields', () => {
    expect(requests.length).toBeGreaterThan(40);
    expect(fieldNames(contracts.pushSubscriptionBody)).toEqual(new Set(['endpoint', 'expirationTime', 'keys', 'p256dh', 'auth']));
  });

  it('names every field of every request contract in Persian', () => {
    const unnamed = requests.flatMap(([name, schema]) => [...fieldNames(schema)].filter((field) => !Object.hasOwn(FIELD_LABELS, field)).map((field) => `${name}.${field}`));
    expect(unnamed).toEqual([]);
    for (const [field, label] of Object.entries(FIELD_LABELS)) expect(label, field).toMatch(/^[\u0600-\u06FF\u200c ()]+$/);
  });
});
