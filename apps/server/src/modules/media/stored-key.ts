// The storage key behind an address stored on an article. Addresses come from ingestion and
// from admins, so one may carry a malformed percent-escape ('/media/%E0%A4%A.jpg'): that is
// the one article's problem, reported on it, never a failure of a whole maintenance run.
import { ltr } from '@chapar/shared/text';
import type { Storage } from '../../integrations/storage/index.ts';

export type StoredKey = { key: string | null; error?: undefined } | { key: null; error: string };

export function malformedUrlMessage(url: string): string {
  return `نشانی رسانه خوانا نیست (کد درصدی نادرست): ${ltr(url.slice(0, 200))}`;
}

/** `key` is null for an address that is not one of this storage's; `error` says why an address of ours cannot be read. */
export function storedKey(storage: Storage, url: string): StoredKey {
  try {
    return { key: storage.keyFromUrl(url) };
  } catch {
    return { key: null, error: malformedUrlMessage(url) };
  }
}
