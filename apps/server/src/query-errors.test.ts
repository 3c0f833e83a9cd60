import { describe, expect, it } from 'vitest';
import { sqlState } from './query-errors.ts';

describe('sqlState', () => {
  it('reads the code through the wrappers around the driver\'s error, and takes no errno code for one', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "admin_users_username_unique"'), { code: '23505' });
    const drizzle = new Error('Failed query: insert into "admin_users" …', { cause: driver });
    expect(sqlState(drizzle)).toBe('23505');
    expect(sqlState(new Error('saving failed', { cause: drizzle }))).toBe('23505');
    expect(sqlState(Object.assign(new Error('server closed'), { code: '57P01' }))).toBe('57P01');
    expect(sqlState(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBeUndefined();
    expect(sqlState(new Error('no code'))).toBeUndefined();
    expect(sqlState(null)).toBeUndefined();
  });
});
