import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./tick-shape.ts', import.meta.url));

// Compares the shape of ticks queued after two full collections with the kept tick's, in a
// process of its own (V8's natives syntax and gc() are process flags).
const SCRIPT = `
import { createHook, executionAsyncId } from 'node:async_hooks';
const { KEPT_TICK_KEY } = await import(${JSON.stringify(MODULE)});
const KEPT_TICK = globalThis[KEPT_TICK_KEY];
const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)');
await new Promise((r) => setTimeout(r, 10));
globalThis.gc(); globalThis.gc();
let later;
const hook = createHook({ init(_id, type, _t, resource) { if (type === 'TickObject') later ??= resource; } }).enable();
process.nextTick(() => undefined);
hook.disable();
// Promises get an async id only while some hook is enabled: 0 once keepTickShape's is off.
const promiseId = await new Promise((r) => { Promise.resolve().then(() => r(executionAsyncId())); });
console.log(JSON.stringify({ kept: typeof KEPT_TICK?.callback, later: typeof later?.callback, same: sameShape(KEPT_TICK, later), promiseId }));
`;

describe('keepTickShape', () => {
  it('keeps a queued tick whose shape later ticks share after full collections, and no hook enabled', () => {
    const out = execFileSync(process.execPath, ['--expose-gc', '--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', SCRIPT], { encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ kept: 'function', later: 'function', same: true, promiseId: 0 });
  });
});
