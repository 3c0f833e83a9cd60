import { tweetText } from '@chapar/shared/text';

export const SHARE_MESSAGES = {
  copied: 'لینک کپی شد',
  failed: 'خطا در اشتراک‌گذاری - لطفاً دوباره تلاش کنید',
} as const;

// Before the Clipboard API (or where it is refused: plain http, old WebViews): a selected
// off-screen textarea and the copy command.
function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.insetInlineStart = '-9999px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  const selection = document.getSelection();
  const previous = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  if (previous && selection) {
    selection.removeAllRanges();
    selection.addRange(previous);
  }
  return ok;
}

/** Copies text: the Clipboard API, else the legacy way. Resolves false when both fail. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, insecure context): try the old way.
  }
  return legacyCopy(text);
}

export type NativeShareResult = 'shared' | 'cancelled' | 'unsupported';

/** The system share sheet, where there is one. */
export async function nativeShare(data: { title: string; url: string }): Promise<NativeShareResult> {
  if (typeof navigator.share !== 'function') return 'unsupported';
  const payload = { title: data.title, text: tweetText(data.title), url: data.url };
  if (navigator.canShare && !navigator.canShare(payload)) return 'unsupported';
  try {
    await navigator.share(payload);
    return 'shared';
  } catch (error) {
    // Closing the sheet is not a failure.
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    throw error;
  }
}
