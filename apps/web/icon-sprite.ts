// Builds the icon sprite: one SVG file of <symbol>s for the icons the site draws (their names in
// src/components/icons/names.ts, their drawings from lucide), emitted by the browser build under
// a content hash so it is cached for good. Every icon on a page is then a short <use> reference.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { ICON_NAMES } from './src/components/icons/names.ts';

type IconNode = Array<[tag: string, attributes: Record<string, string | number>]>;

const require = createRequire(import.meta.url);
const lucideIcons = join(dirname(require.resolve('lucide-react/package.json')), 'dist/esm/icons');

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export async function buildIconSprite(): Promise<string> {
  const symbols = await Promise.all(ICON_NAMES.map(async (name) => {
    const { __iconNode } = (await import(pathToFileURL(join(lucideIcons, `${name}.js`)).href)) as { __iconNode: IconNode };
    const shapes = __iconNode.map(([tag, attributes]) => {
      const attrs = Object.entries(attributes).filter(([key]) => key !== 'key')
        .map(([key, value]) => ` ${kebab(key)}="${escapeAttribute(String(value))}"`).join('');
      return `<${tag}${attrs}/>`;
    }).join('');
    return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
  }));
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

/** Defines __ICON_SPRITE__ (the sprite's address) for both builds; the browser build emits the file. */
export async function iconSprite(): Promise<Plugin> {
  const source = await buildIconSprite();
  const fileName = `assets/icons-${createHash('sha256').update(source).digest('base64url').slice(0, 10)}.svg`;
  let ssr = false;
  return {
    name: 'chapar-icon-sprite',
    config(_config, env) {
      ssr = Boolean(env.isSsrBuild);
      return { define: { __ICON_SPRITE__: JSON.stringify(`/${fileName}`) } };
    },
    generateBundle() {
      if (!ssr) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
