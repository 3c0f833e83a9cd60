// What a V8 heap snapshot holds: the shallow size of its objects summed by kind and
// constructor, largest first. Used by bench/readers.mjs (BENCH_HEAP_SNAPSHOT=1); alone:
//   node bench/heap-summary.mjs <file.heapsnapshot> [rows=15]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export function summarizeHeap(file, rows = 15) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const { nodes, strings } = snapshot;
  const groups = new Map();
  let total = 0;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]];
    // Strings and code are grouped by kind; objects by their constructor.
    const name = type === 'object' || type === 'native' || type === 'closure' ? strings[nodes[i + nameAt]].slice(0, 60) : '';
    const key = `${type}${name ? ` ${name}` : ''}`;
    const size = nodes[i + sizeAt];
    total += size;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count++;
    group.bytes += size;
    groups.set(key, group);
  }
  const top = [...groups.entries()].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, rows);
  return { total, top: top.map(([what, g]) => ({ what, count: g.count, mb: g.bytes / 1048576 })) };
}

export function printHeapSummary(summary) {
  console.log(`Heap snapshot: ${(summary.total / 1048576).toFixed(1)} MB of objects (shallow sizes).\n`);
  console.log('| what | objects | MB |');
  console.log('|---|---:|---:|');
  for (const row of summary.top) console.log(`| ${row.what.replace(/\|/g, '\\|')} | ${row.count} | ${row.mb.toFixed(1)} |`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  printHeapSummary(summarizeHeap(process.argv[2], Number(process.argv[3] ?? 15)));
}
