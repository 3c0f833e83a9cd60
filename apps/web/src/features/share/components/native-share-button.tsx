import { Share2 } from '../../../components/icons';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useShareActions } from '../use-share-actions.ts';

/** The top bar's share icon: the system share sheet, or copying the link. */
export function NativeShareButton({ articleId, title, url }: { articleId: number; title: string; url: string }) {
  const { share } = useShareActions(articleId);
  return (
    <button type="button" onClick={() => void share({ title, url })} aria-label="اشتراک‌گذاری خبر" title="اشتراک‌گذاری" className={`js-only ${buttonStyles.icon}`}>
      <Share2 aria-hidden="true" className="size-5" />
    </button>
  );
}
