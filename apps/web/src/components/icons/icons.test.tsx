import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildIconSprite } from '../../../icon-sprite';
import * as icons from './index';
import { ICON_NAMES } from './names';

describe('icon sprite', () => {
  it('holds one drawn symbol for every icon name', async () => {
    const sprite = await buildIconSprite();
    const ids = [...sprite.matchAll(/<symbol id="([a-z0-9-]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)];
    expect(ids.map((m) => m[1])).toEqual([...ICON_NAMES]);
    for (const [, , shapes] of ids) expect(shapes).toMatch(/^<(path|circle|line|rect|polyline|polygon|ellipse)\b/);
    expect(sprite).not.toContain('key=');
  });

  it('renders every icon as a reference into the sprite, keeping the caller\'s classes and labels', () => {
    const components = Object.entries(icons).filter(([name]) => /^[A-Z]/.test(name) && name !== 'ICON_SPRITE');
    expect(components.length).toBeGreaterThan(60);
    for (const [, Icon] of components) {
      const html = renderToStaticMarkup(<Icon className="size-4" aria-hidden="true" />);
      const id = html.match(/<use href="\/assets\/icons\.svg#([a-z0-9-]+)"/)?.[1];
      expect(ICON_NAMES).toContain(id);
      expect(html).toMatch(/^<svg class="icon size-4" aria-hidden="true">/);
    }
    expect(renderToStaticMarkup(<icons.LoaderCircle role="status" aria-label="در حال بارگذاری" />)).toMatch(/^<svg class="icon" role="status" aria-label="در حال بارگذاری">/);
    // A labelled icon is an image to assistive technology; an unlabelled one has no role.
    expect(renderToStaticMarkup(<icons.Minus aria-label="ثابت" />)).toMatch(/^<svg class="icon" role="img" aria-label="ثابت">/);
    expect(renderToStaticMarkup(<icons.Minus />)).toMatch(/^<svg class="icon">/);
  });
});
