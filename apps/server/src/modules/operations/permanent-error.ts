/** A failure no retry can fix (the post has no text, the channel is not configured): the job fails at once. */
export class PermanentError extends Error {
  override readonly name: string = 'PermanentError';
}

/**
 * A permanent failure that lies in what was asked, not in the service (the post has no text to
 * make an article from): an admin request waiting for it answers 409, not 503.
 */
export class RefusedError extends PermanentError {
  override readonly name = 'RefusedError';
}
