// Imported first by the entry points that serve the site. Under a burst of readers V8 lets the
// heap grow to several times what is alive before it collects (after 200 readers for 60 s: 250
// to 300 MB of heap for about 80 MB of live objects), and a process's resident memory keeps
// that high-water mark. A fixed growing factor makes each full collection come once the heap has
// grown by that share of its live size: the limit still follows whatever is alive (a duplicate
// scan of 100,000 articles gets the room it needs), so nothing can run out of memory because of it.
//
// The factor is a trade of memory for CPU: each full collection marks the whole live heap on
// V8's helper threads, and with 20 % an uncached page under load paid for about one in every
// hundred pages (the server's thread: about 4 s of marking in an 8 s run, bench/HISTORY.md). The
// budgets differ: a process with the embedded database (PGlite inside it) has 500 MB, one using
// PostgreSQL 250 MB. The embedded database's process takes the larger factor, measured within
// its budget with 100,000 articles; PostgreSQL's keeps the smaller one. DATABASE_URL is read
// here, before the configuration: the process's environment is all the configuration there is.
import { setFlagsFromString } from 'node:v8';

/** Percent the heap may grow over its live size before the next full collection. */
export function heapGrowingPercent(env: NodeJS.ProcessEnv): number {
  return env.DATABASE_URL?.trim() ? 20 : 50;
}

export const HEAP_GROWING_PERCENT = heapGrowingPercent(process.env);

setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
