// TELEGRAM_CHANNELS is the truth about which channels are read: at start the channels
// table is brought in line (new ones added with default cleaning rules, roles updated,
// channels no longer configured switched off but kept, with their history).
import type { Db } from '@chapar/db';
import type { ChannelSetting } from '../../config.ts';
import { defaultCleaningRules } from './cleaning-rules.ts';
import { channelRepo } from './repo.ts';

export async function syncConfiguredChannels(db: Db, configured: readonly ChannelSetting[]): Promise<void> {
  for (const channel of configured) {
    await channelRepo.upsertConfigured(db, channel.username, channel.role, defaultCleaningRules(channel.username));
  }
  await channelRepo.deactivateExcept(db, configured.map((c) => c.username));
}
