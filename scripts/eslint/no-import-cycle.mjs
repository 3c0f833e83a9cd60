// ESLint rule: a source file must not be part of an import cycle. The import graph of the whole
// workspace is read once per lint run (every static `import`/`export ... from` between source
// files, type-only ones included: a cycle of types still ties two layers together; dynamic
// `import()` is left out, as it is how a layer reaches a later one lazily), its strongly connected
// components found (Tarjan), and each file in a cycle gets one report naming the cycle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SOURCE_DIRS = ['apps/server/src', 'apps/server/testing', 'apps/web/src', 'packages/shared/src', 'packages/db/src', 'packages/db/testing'];
/** Import aliases: `@/x` is the web app's src folder. */
const ALIASES = [['@/', 'apps/web/src/']];
const SOURCE_FILE = /\.(ts|tsx|mts)$/;

function walk(dir, out) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE_FILE.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolveSpecifier(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else {
    const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
    if (!alias) return null;
    base = path.join(ROOT, alias[1], specifier.slice(alias[0].length));
  }
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The files one file imports statically: imports and re-exports, type-only ones included. */
export function staticImports(file, text = readFileSync(file, 'utf8')) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  for (const statement of source.statements) {
    let specifier;
    if (ts.isImportDeclaration(statement)) {
      specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      specifier = statement.moduleSpecifier;
    }
    if (specifier && ts.isStringLiteral(specifier)) {
      const target = resolveSpecifier(file, specifier.text);
      if (target) found.push(target);
    }
  }
  return found;
}

/** Strongly connected components with more than one file (or a file importing itself). */
export function findCycles(graph) {
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  const visit = (node) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component);
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return cycles;
}

/** One shortest path from `file` back to itself inside its component. */
function cycleThrough(file, graph, members) {
  const previous = new Map([[file, null]]);
  const queue = [file];
  while (queue.length) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === file) {
        const pathBack = [node];
        for (let at = previous.get(node); at; at = previous.get(at)) pathBack.unshift(at);
        return [...pathBack, file];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [file, file];
}

let cached;
function cyclesByFile() {
  if (cached) return cached;
  const graph = new Map();
  for (const dir of SOURCE_DIRS) {
    for (const file of walk(path.join(ROOT, dir), [])) graph.set(file, staticImports(file));
  }
  cached = new Map();
  for (const component of findCycles(graph)) {
    const members = new Set(component);
    for (const file of component) cached.set(file, cycleThrough(file, graph, members).map((f) => path.relative(ROOT, f)));
  }
  return cached;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'forbid import cycles between source files' },
    schema: [],
    messages: { cycle: 'import cycle: {{cycle}}' },
  },
  create(context) {
    return {
      Program(node) {
        const cycle = cyclesByFile().get(path.resolve(context.filename));
        if (cycle) context.report({ node, messageId: 'cycle', data: { cycle: cycle.join(' → ') } });
      },
    };
  },
};
