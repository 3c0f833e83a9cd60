import { Link2, Share2 } from '../../../components/icons';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useShareActions } from '../use-share-actions.ts';

/** The interaction card's pair: the share sheet (or copy) and copy link. */
export function ShareActions({ articleId, title, url }: { articleId: number; title: string; url: string }) {
  const { copy, share } = useShareActions(articleId);
  return (
    <div className="js-only flex flex-wrap gap-2">
      <button type="button" onClick={() => void share({ title, url })} className={buttonStyles.secondary}>
        <Share2 aria-hidden="true" className="size-4" />اشتراک‌گذاری
      </button>
      <button type="button" onClick={() => void copy(url)} className={buttonStyles.secondary}>
        <Link2 aria-hidden="true" className="size-4" />کپی لینک خبر
      </button>
    </div>
  );
}
