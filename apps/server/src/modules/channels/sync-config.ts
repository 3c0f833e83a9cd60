// TELEGRAM_CHANNELS seeds the channels table: at start a configured channel the table does
// not know is added with default cleaning rules. After that the table is the truth: what
// admins changed on the channels screen (roles, rules, a channel switched off or added)
// is kept across restarts, and a name dropped from the variable stays as the admins left it.
import type { Db } from '@chapar/db';
import type { ChannelSetting } from '../../config.ts';
import { defaultCleaningRules } from './cleaning-rules.ts';
import { channelRepo } from './repo.ts';

export async function syncConfiguredChannels(db: Db, configured: readonly ChannelSetting[]): Promise<void> {
  for (const channel of configured) {
    await channelRepo.seedConfigured(db, channel.username, channel.role, defaultCleaningRules(channel.username));
  }
}
