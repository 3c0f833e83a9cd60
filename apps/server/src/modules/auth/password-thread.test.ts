import { scryptSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scryptOnThread } from './password-thread.ts';

const OPTIONS = { N: 2 ** 14, r: 8, p: 1 };

/** Each thread of this process and its nice value (Linux: /proc/self/task/{tid}/stat, field 19). */
function niceValues(): Map<number, number> {
  const values = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    values.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return values;
}

describe('scrypt on the password thread', () => {
  it('gives the same key as node:crypto', async () => {
    const salt = Buffer.from('a salt of sixteen');
    const key = await scryptOnThread('گذرواژه', salt, 64, OPTIONS);
    expect(Buffer.isBuffer(key)).toBe(true);
    expect(key.equals(scryptSync('گذرواژه', salt, 64, OPTIONS))).toBe(true);
  });

  it('reports a failing job and goes on with the next', async () => {
    await expect(scryptOnThread('x', Buffer.from('salt'), 64, { N: 3 })).rejects.toThrow(/scrypt failed/);
    const key = await scryptOnThread('x', Buffer.from('salt'), 32, OPTIONS);
    expect(key.equals(scryptSync('x', Buffer.from('salt'), 32, OPTIONS))).toBe(true);
  });

  it.runIf(process.platform === 'linux')('runs at a lower CPU priority while the server\'s own thread keeps its own', async () => {
    const before = niceValues();
    await scryptOnThread('x', Buffer.from('salt'), 32, OPTIONS);
    const after = niceValues();
    expect(after.get(process.pid)).toBe(before.get(process.pid));
    expect([...after.values()]).toContain(10);
    expect(before.get(process.pid)).not.toBe(10);
  });
});
