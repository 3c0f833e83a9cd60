import { Writable } from 'node:stream';
import { Suspense, useId, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPart, lazyPartsLoading } from '../lib/lazy-part.ts';
import { forPreactHydration, renderHtml } from './entry-server.tsx';

describe('server output for Preact hydration', () => {
  it('moves the resource hints React hoisted to the top of the body into the head', () => {
    const html = '<link rel="preload" as="image" imageSrcSet="/img/w320/a.jpg 320w" fetchPriority="high"/><link rel="preload" as="image" href="/b.jpg"/><div class="flex">متن</div>';
    const { hoisted, body } = forPreactHydration(html);
    expect(hoisted).toBe('<link rel="preload" as="image" imageSrcSet="/img/w320/a.jpg 320w" fetchPriority="high"/><link rel="preload" as="image" href="/b.jpg"/>');
    expect(body).toBe('<div class="flex">متن</div>');
  });

  it('drops the Suspense markers only React reads, and nothing else', () => {
    const { hoisted, body } = forPreactHydration('<div><!--$--><main>۸<!-- --> بازدید</main><!--/$--></div>');
    expect(hoisted).toBe('');
    expect(body).toBe('<div><main>۸<!-- --> بازدید</main></div>');
  });

  it('drops nested and adjacent markers and keeps every other comment, at the start and the end too', () => {
    const html = '<link rel="preload" href="/a.jpg"/><!--$--><!--$--><p>الف</p><!--/$--><!-- --><!--$!--><b>ب</b><!--/$--><!--/$-->';
    const { hoisted, body } = forPreactHydration(html);
    expect(hoisted).toBe('<link rel="preload" href="/a.jpg"/>');
    expect(body).toBe('<p>الف</p><!-- --><!--$!--><b>ب</b>');
    expect(forPreactHydration('<p>بدون نشانه <!-- --> و <!--$ نه--></p>').body).toBe('<p>بدون نشانه <!-- --> و <!--$ نه--></p>');
  });
});

describe('the page markup', () => {
  // What the streaming renderer gives, waiting for every part: the reference.
  const streamed = (node: ReactNode) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const sink = new Writable({ write: (chunk: Buffer, _e, cb) => { chunks.push(chunk); cb(); }, final: (cb) => { resolve(Buffer.concat(chunks).toString('utf8')); cb(); } });
      const stream = renderToPipeableStream(node, { progressiveChunkSize: Number.POSITIVE_INFINITY, onAllReady: () => stream.pipe(sink), onShellError: reject });
    });

  function Page({ children }: { children?: ReactNode }) {
    const id = useId();
    return (
      <main aria-labelledby={id}>
        <h1 id={id}>خبر ۱</h1>
        <img src="/media/cover.jpg" alt="" fetchPriority="high" />
        <Suspense fallback={<p>در حال بارگذاری…</p>}>
          <section>{children}</section>
        </Suspense>
      </main>
    );
  }

  it('is what the streaming renderer gives, resource hints and Suspense markers included', async () => {
    const node = <Page><p>متن</p></Page>;
    const html = await renderHtml(node);
    expect(html).toBe(await streamed(node));
    expect(html).toContain('<link rel="preload" as="image" href="/media/cover.jpg" fetchPriority="high"/>');
    expect(html).toContain('<!--$--><section><p>متن</p></section><!--/$-->');
  });

  it('waits for a lazily loaded part whose code is not loaded yet, instead of leaving it to the browser', async () => {
    let loads = 0;
    const Comments = lazyPart(async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { default: () => <div>۳ دیدگاه</div> };
    });
    const first = await renderHtml(<Page><Comments /></Page>);
    expect(lazyPartsLoading()).toBe(0);
    expect(first).toContain('<section><div>۳ دیدگاه</div></section>');
    expect(first).not.toContain('در حال بارگذاری');
    expect(first).not.toContain('<!--$!-->');
    // Loaded once; the next page renders in one pass with the same result.
    expect(await renderHtml(<Page><Comments /></Page>)).toBe(first);
    expect(loads).toBe(1);
  });

  it('waits too for a part whose code another page began to load', async () => {
    let release = () => {};
    const Ratings = lazyPart(() => new Promise<{ default: () => ReactNode }>((resolve) => {
      release = () => resolve({ default: () => <div>امتیاز ۴</div> });
    }));
    // The first page meets the part and starts its load; the second meets it still loading.
    const first = renderHtml(<Page><Ratings /></Page>);
    const second = renderHtml(<Page><Ratings /></Page>);
    expect(lazyPartsLoading()).toBe(1);
    release();
    for (const html of await Promise.all([first, second])) {
      expect(html).toContain('<section><div>امتیاز ۴</div></section>');
      expect(html).not.toContain('<!--$!-->');
    }
    expect(lazyPartsLoading()).toBe(0);
  });
});
