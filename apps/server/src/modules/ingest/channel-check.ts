// Can a channel be read now? Asked once per channel before a repair that needs the Telegram post
// (dates, media, regenerate, rewrite) is offered or run: one read of the channel's newest page
// through the configured source. A channel that cannot be read leaves its articles "not checked",
// with the reason, instead of each of them waiting out the retries of its own read.
import type { TelegramSource } from '../../integrations/telegram/index.ts';
import { telegramFailure } from '../../integrations/telegram-failure.ts';
import { VERIFY_REASONS } from './verify-source.ts';

/** Why a channel cannot be read now, or null when it can; each channel is read once per checker. */
export function channelChecker(source: TelegramSource): (channel: string) => Promise<string | null> {
  const answers = new Map<string, Promise<string | null>>();
  return (channel) => {
    const key = channel.toLowerCase();
    let answer = answers.get(key);
    if (!answer) {
      answer = source.fetchPage(channel).then(
        (page) => (page.posts.length ? null : VERIFY_REASONS.emptyPage(channel)),
        (error: unknown) => VERIFY_REASONS.unreachable(channel, telegramFailure(error)),
      );
      answers.set(key, answer);
    }
    return answer;
  };
}
