// A run that needs the configured AI (a bulk rewrite, a confirmed rewrite of posts edited at their
// source) leaves an item as it was when the AI fails for it, and stops asking the AI once it has
// failed AI_BREAK times in a row: the rest of the run is left as it was without waiting on it.
import { failureText } from '../../integrations/failure-text.ts';
import { REPAIR_REASONS } from './repair.ts';
import type { AiRequiredError } from './rewrite-step.ts';

/** The AI's failures in a row (no answer, a refused key) after which the rest of a run does not ask it. */
export const AI_BREAK = 2;

export function aiBreaker() {
  let down = 0;
  let failed = 0;
  let last = '';
  return {
    /** Items left as they were because the AI failed, or was no longer asked. */
    get failed() { return failed; },
    /** Once the run has stopped asking the AI: counts the item as left, and says why (null while it still asks). */
    skip(): string | null {
      if (down < AI_BREAK) return null;
      failed++;
      return REPAIR_REASONS.aiStopped(last);
    },
    /** The AI answered. */
    answered(): void { down = 0; },
    /**
     * The AI failed for an item, which is left as it was. A service that did not answer counts towards
     * the break (a refused key at once); an answer it could not use does not. Says what to log once
     * this failure stops the run asking it.
     */
    fail(error: AiRequiredError): string | null {
      failed++;
      const code = error.cause.code;
      down = code === 'unauthorized' ? AI_BREAK : code === 'upstream' || code === 'timeout' ? down + 1 : 0;
      last = failureText(error.cause);
      return down >= AI_BREAK ? REPAIR_REASONS.aiStopping(last) : null;
    },
  };
}
