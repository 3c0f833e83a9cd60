// @vitest-environment jsdom
import { createContext, createElement, Suspense } from 'preact/compat';
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { use, useOptimistic } from './react-19-hooks.ts';

/** Polls until the container shows the text (Preact re-renders after the promise settles). */
async function until(container: HTMLElement, text: string) {
  for (let i = 0; i < 100 && !container.textContent?.includes(text); i++) await new Promise((r) => setTimeout(r, 5));
  expect(container.textContent).toContain(text);
}

describe('the public build’s react (Preact plus use and useOptimistic)', () => {
  it('keeps everything preact/compat exports, default included, and adds the two hooks', async () => {
    // A JavaScript module the bundle aliases as `react` (a variable, so TypeScript leaves it be).
    const file = './preact-react.js';
    const shim = (await import(/* @vite-ignore */ file)) as Record<string, unknown> & { default: Record<string, unknown> };
    const compat = (await import('preact/compat')) as unknown as Record<string, unknown>;
    for (const name of ['useState', 'useEffect', 'Suspense', 'lazy', 'forwardRef', 'startTransition']) expect(shim[name], name).toBe(compat[name]);
    expect(typeof shim.default.createElement).toBe('function');
    expect(shim.use).toBe(use);
    expect(shim.useOptimistic).toBe(useOptimistic);
  });

  it('use() suspends on a pending promise and renders its value once it settles', async () => {
    let resolve!: (v: string) => void;
    const promise = new Promise<string>((r) => { resolve = r; });
    const Value = () => createElement('p', null, use(promise));
    const container = document.createElement('div');
    render(createElement(Suspense, { fallback: createElement('p', null, 'wait') }, createElement(Value, null)), container);
    await until(container, 'wait');
    resolve('ready');
    await until(container, 'ready');
    expect(container.textContent).not.toContain('wait');
  });

  it('use() reads a context and throws a rejected promise’s reason', async () => {
    const Ctx = createContext('outer');
    const Read = () => createElement('p', null, use(Ctx));
    const container = document.createElement('div');
    render(createElement(Ctx.Provider, { value: 'inner' }, createElement(Read, null)), container);
    expect(container.textContent).toBe('inner');
    const failed = Promise.reject(new Error('gone'));
    expect(() => use(failed)).toThrow(failed as unknown as Error);
    await failed.catch(() => undefined);
    expect(() => use(failed)).toThrow('gone');
  });

  it('useOptimistic shows the passed state and ignores updates (no transitions in Preact)', () => {
    let seen: [number, (a: number) => void] | undefined;
    const Show = ({ n }: { n: number }) => { seen = useOptimistic(n); return createElement('p', null, String(seen[0])); };
    const container = document.createElement('div');
    render(createElement(Show, { n: 3 }), container);
    seen![1](9);
    expect(container.textContent).toBe('3');
    expect(seen![0]).toBe(3);
  });
});
