// What the signed-in role may do, from the session status (the server's permission table):
// screens hide what it cannot do. The server decides regardless; this only spares the clicks.
import type { Permission } from '@chapar/shared/contracts';
import { useAdminStatus } from '../../features/auth/api.ts';
import type { TabId } from '../paths.ts';

export function useCan(): (permission: Permission) => boolean {
  const status = useAdminStatus();
  const held = status.data?.permissions ?? [];
  return (permission) => held.includes(permission);
}

/** What each dashboard tab needs to be shown. */
export const TAB_PERMISSIONS: Readonly<Record<TabId, Permission>> = {
  articles: 'view',
  'system-monitor': 'view',
  generate: 'jobs',
  channels: 'settings',
  duplicate: 'jobs',
  scanner: 'jobs',
  watermark: 'jobs',
  'auto-monitor': 'view',
  newsletter: 'newsletter',
  comments: 'comments',
  ignored: 'ignored',
  'telegram-auth': 'settings',
};
