/** A failure no retry can fix (the post has no text, the channel is not configured): the job fails at once. */
export class PermanentError extends Error {
  override readonly name = 'PermanentError';
}
