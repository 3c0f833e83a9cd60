import { describe, expect, it } from 'vitest';
import { forPreactHydration } from './entry-server.tsx';

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
});
