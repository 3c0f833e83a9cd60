import { useCallback } from 'react';
import { useToast } from '../../components/ui/toast.tsx';
import { trackEvent, type ShareChannel } from '../../lib/track.ts';
import { copyText, nativeShare, SHARE_MESSAGES } from './share.ts';

/** Copy and native share with their toasts and share tracking (spec 02 §7, §8). */
export function useShareActions(articleId: number) {
  const { toast } = useToast();

  const copy = useCallback(async (text: string, channel: ShareChannel = 'copy') => {
    if (await copyText(text)) {
      // The title alone (spec 02 §8): an article's address, percent-encoded, ran off a phone's toast.
      toast({ title: SHARE_MESSAGES.copied, durationMs: 3000 });
      trackEvent(articleId, 'share', channel);
      return true;
    }
    toast({ title: SHARE_MESSAGES.failed, variant: 'destructive' });
    return false;
  }, [articleId, toast]);

  /** The share sheet; copying the link where there is none. */
  const share = useCallback(async (data: { title: string; url: string }) => {
    try {
      const result = await nativeShare(data);
      if (result === 'shared') trackEvent(articleId, 'share', 'native');
      if (result === 'unsupported') await copy(data.url, 'copy');
    } catch {
      toast({ title: SHARE_MESSAGES.failed, variant: 'destructive' });
    }
  }, [articleId, copy, toast]);

  return { copy, share, track: (channel: ShareChannel) => trackEvent(articleId, 'share', channel) };
}
