// The full scan's candidate pairs: every two articles that share an index band, each pair once.
// Grouped in typed arrays (a table of open addressing, a counting sort, a sort of the pairs)
// rather than in a Map: at 100,000 articles there are 2.7 million (band, article) entries under
// 2.2 million 48-bit keys, past V8's small integers, and a Map of them took 3 of the scan's 5 s.

/** Moves the distinct values of a sorted array to its front; returns how many there are. */
function keepDistinct(sorted: Float64Array): number {
  let distinct = 0;
  for (let k = 0; k < sorted.length; k++) if (k === 0 || sorted[k] !== sorted[k - 1]) sorted[distinct++] = sorted[k];
  return distinct;
}

/**
 * Numbers the distinct keys (none of them 0) in order of first appearance, in a table of
 * open addressing; `group[k]` is the number of `keys[k]`.
 */
function numberKeys(keys: Float64Array): { group: Int32Array; count: number } {
  const bits = Math.max(4, Math.ceil(Math.log2(keys.length * 2)));
  const mask = 2 ** bits - 1;
  const table = new Float64Array(mask + 1);
  const numbers = new Int32Array(mask + 1);
  const group = new Int32Array(keys.length);
  let count = 0;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    // Fibonacci hashing of the key's two 32-bit halves; the next free slot on a collision.
    let slot = Math.imul((key >>> 0) ^ Math.floor(key / 2 ** 32), 0x9e3779b1) >>> (32 - bits);
    while (table[slot] !== 0 && table[slot] !== key) slot = (slot + 1) & mask;
    if (table[slot] === 0) {
      table[slot] = key;
      numbers[slot] = count++;
    }
    group[k] = numbers[slot];
  }
  return { group, count };
}

/**
 * The pairs of owners (`bandsOf[i]` the bands of owner i) that share a band at most `cap`
 * owners share (a band more share is a stock phrase), as i * n + j with i < j, ascending;
 * `bands`: how many distinct bands there are.
 */
export function bandPairs(bandsOf: readonly number[][], cap: number): { pairs: Float64Array; bands: number } {
  const n = bandsOf.length;
  const total = bandsOf.reduce((sum, list) => sum + list.length, 0);
  const keys = new Float64Array(total);
  const owners = new Int32Array(total);
  let e = 0;
  bandsOf.forEach((list, owner) => {
    for (const band of list) { keys[e] = band; owners[e++] = owner; }
  });
  const { group, count: distinct } = numberKeys(keys);
  const size = new Int32Array(distinct);
  for (const g of group) size[g]++;
  // Each group's owners side by side, in owner order (a counting sort by group).
  const start = new Int32Array(distinct + 1);
  for (let g = 0; g < distinct; g++) start[g + 1] = start[g] + size[g];
  const next = start.slice(0, distinct);
  const members = new Int32Array(total);
  for (let k = 0; k < total; k++) members[next[group[k]]++] = owners[k];

  let room = 0;
  for (const m of size) if (m >= 2 && m <= cap) room += (m * (m - 1)) / 2;
  const pairs = new Float64Array(room);
  let p = 0;
  for (let g = 0; g < distinct; g++) {
    if (size[g] < 2 || size[g] > cap) continue;
    for (let x = start[g]; x < start[g + 1]; x++) {
      // An owner twice in one band (two of its pictures alike in a quarter) is no pair.
      for (let y = x + 1; y < start[g + 1]; y++) if (members[x] !== members[y]) pairs[p++] = members[x] * n + members[y];
    }
  }
  const found = pairs.subarray(0, p).sort();
  return { pairs: found.subarray(0, keepDistinct(found)), bands: distinct };
}
