// Reads for a render nobody is waiting for (a stale page being replaced): one at a time, each
// after a turn of the event loop. The database (PGlite) runs a query on the server's own
// thread, so reads issued together run back to back and hold up every reader who arrives
// meanwhile; taken one by one, the readers waiting are answered between them.

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `read`, one call at a time, each begun after the event loop has served what was waiting. */
export function politely<A, T>(read: (request: A) => Promise<T>): (request: A) => Promise<T> {
  let previous: Promise<unknown> = Promise.resolve();
  return (request) => {
    const result = previous.then(turn).then(() => read(request));
    previous = result.catch(() => undefined);
    return result;
  };
}
