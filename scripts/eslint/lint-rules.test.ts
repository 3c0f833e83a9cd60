// The linter refuses an import of test support from production code and an import cycle.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { findCycles, staticImports } from './no-import-cycle.mjs';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });
const lint = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
};

describe('test support stays out of production code', () => {
  it('refuses it in a production file of the server, the web app and the database package', async () => {
    expect(await lint('apps/server/src/modules/articles/example.ts', "import { buildTestApp } from '../../../testing/test-app.ts';\nexport const x = buildTestApp;\n"))
      .toEqual([expect.stringContaining('production code never imports test support')]);
    expect(await lint('apps/server/src/app-example.ts', "import { openTestDatabase } from '@chapar/db/testing';\nexport const x = openTestDatabase;\n"))
      .toEqual([expect.stringContaining('production code never imports test support')]);
    expect(await lint('apps/web/src/components/example.tsx', "import { renderWithApp } from '../testing/render.tsx';\nexport const x = renderWithApp;\n"))
      .toEqual([expect.stringContaining('production code never imports test support')]);
  });

  it('allows it in a test file', async () => {
    expect(await lint('apps/server/src/modules/articles/example.test.ts', "import { buildTestApp } from '../../../testing/test-app.ts';\nexport const x = buildTestApp;\n")).toEqual([]);
  });
});

describe('import cycles', () => {
  it('finds a cycle through static imports, type-only ones included, and none in a chain', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chapar-cycle-'));
    const file = (name: string, code: string) => { writeFileSync(path.join(dir, name), code); return path.join(dir, name); };
    const a = file('a.ts', "import { b } from './b.ts';\nexport const a = b;\n");
    const b = file('b.ts', "import type { C } from './c.ts';\nexport const b: C = 1;\n");
    const c = file('c.ts', "import { a } from './a.ts';\nexport type C = typeof a;\n");
    const d = file('d.ts', "import { a } from './a.ts';\nconst lazy = () => import('./e.ts');\nexport { a, lazy };\n");
    const e = file('e.ts', "import { d } from './d.ts';\nexport const e = d;\n");
    const graph = new Map([a, b, c, d, e].map((f) => [f, staticImports(f)]));
    const cycles = findCycles(graph).map((cycle) => cycle.map((f) => path.basename(f)).sort());
    // d → a is a chain into the cycle; e → d is reached from d only lazily, so no second cycle.
    expect(cycles).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('reports the repository free of cycles', async () => {
    const messages = await lint('apps/server/src/jobs/queue.ts', (await import('node:fs')).readFileSync(path.resolve(import.meta.dirname, '../../apps/server/src/jobs/queue.ts'), 'utf8'));
    expect(messages.filter((m) => m.startsWith('chapar/no-import-cycle'))).toEqual([]);
  });
});
