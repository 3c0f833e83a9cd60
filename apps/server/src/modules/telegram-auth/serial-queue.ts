// In-process ordering of login steps; across processes the database decides
// (the code-request claim is one conditional upsert).

/** Runs the given tasks one after another, each once the previous one settled. */
export function serialQueue(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}
