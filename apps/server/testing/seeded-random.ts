// A seeded random number generator for generated corpora (benchmarks, tests): the same seed
// gives the same sequence. A 32-bit state with a full 2^32 period (mulberry32), so a corpus
// of millions of draws never repeats itself; a linear congruential step computed in
// floating point loses its low bits and cycles within a few thousand draws.
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
