import { useId } from 'react';
import { Copy } from '../../../components/icons';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useShareActions } from '../use-share-actions.ts';

/** The article's short address (/s/{id}, absolute) with a copy button (spec 02 §2 item 15). */
export function ShortLinkBox({ articleId, shortUrl }: { articleId: number; shortUrl: string }) {
  const { copy } = useShareActions(articleId);
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">لینک کوتاه</label>
      <div className="flex items-stretch gap-2">
        <input
          id={id}
          readOnly
          dir="ltr"
          value={shortUrl}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-border bg-surface px-3 py-2 text-start text-sm text-fg"
        />
        <button type="button" onClick={() => void copy(shortUrl)} aria-label="کپی لینک کوتاه" className={`js-only ${buttonStyles.secondary}`}>
          <Copy aria-hidden="true" className="size-4" />کپی
        </button>
      </div>
    </div>
  );
}
