import type { ReactNode } from 'react';
import { Link2, MessageCircle, Send, Share2 } from '../../../components/icons';
import { shareUrls } from '@chapar/shared/text';
import { focusRing } from '../../../components/ui/button-styles.ts';
import { useShareActions } from '../use-share-actions.ts';

interface ShareButtonsProps {
  articleId: number;
  /** Absolute address of the article. */
  url: string;
  title: string;
  category: string;
  /** Extra actions at the end of the row (the bookmark toggle). */
  children?: ReactNode;
}

const item = `inline-flex h-9 items-center gap-1.5 rounded-full border border-border bg-card px-3 text-sm hover:border-accent hover:text-accent ${focusRing}`;

function XLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-3.5 fill-current">
      <path d="M18.2 2h3.4l-7.4 8.5L23 22h-6.8l-5.3-7-6.1 7H1.4l7.9-9L1 2h7l4.8 6.4L18.2 2Zm-1.2 18h1.9L7.1 4H5.1l11.9 16Z" />
    </svg>
  );
}

/**
 * Spec 02 §2 item 8: X (text cut at 240), WhatsApp, Telegram as plain links (they work
 * without JavaScript), copy link, and the system share sheet falling back to copying.
 */
export function ShareButtons({ articleId, url, title, category, children }: ShareButtonsProps) {
  const links = shareUrls({ url, title, category });
  const { copy, share, track } = useShareActions(articleId);
  return (
    <div role="group" aria-label="اشتراک‌گذاری خبر" className="flex flex-wrap items-center gap-2">
      <a href={links.twitter} target="_blank" rel="noopener noreferrer" onClick={() => track('twitter')} aria-label="اشتراک در ایکس (توییتر)" className={item}>
        <XLogo />ایکس
      </a>
      <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" onClick={() => track('whatsapp')} aria-label="اشتراک در واتس‌اپ" className={item}>
        <MessageCircle aria-hidden="true" className="size-4" />واتس‌اپ
      </a>
      <a href={links.telegram} target="_blank" rel="noopener noreferrer" onClick={() => track('telegram')} aria-label="اشتراک در تلگرام" className={item}>
        <Send aria-hidden="true" className="size-4" />تلگرام
      </a>
      {/* The links above work without JavaScript; these two need it (js-only hides them). */}
      <button type="button" onClick={() => void copy(url)} aria-label="کپی لینک خبر" className={`js-only ${item}`}>
        <Link2 aria-hidden="true" className="size-4" />کپی لینک
      </button>
      <button type="button" onClick={() => void share({ title, url })} aria-label="بیشتر: اشتراک‌گذاری با برنامه‌های دیگر" className={`js-only ${item}`}>
        <Share2 aria-hidden="true" className="size-4" />بیشتر
      </button>
      {children}
    </div>
  );
}
