import { Send, Share2 } from 'lucide-react';
import { shareUrls } from '@chapar/shared/text';

/** Plain links to the share targets: they work without JavaScript. */
export function ShareLinks({ url, title, category }: { url: string; title: string; category: string }) {
  const links = shareUrls({ url, title, category });
  const item = 'inline-flex items-center gap-1.5 rounded-full border border-border px-3 py-1.5 text-sm hover:border-accent hover:text-accent';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="inline-flex items-center gap-1 text-sm text-muted"><Share2 aria-hidden="true" className="size-4" />اشتراک‌گذاری:</span>
      <a href={links.twitter} target="_blank" rel="noopener noreferrer" className={item}>ایکس (توییتر)</a>
      <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" className={item}>واتس‌اپ</a>
      <a href={links.telegram} target="_blank" rel="noopener noreferrer" className={item}><Send aria-hidden="true" className="size-3.5" />تلگرام</a>
    </div>
  );
}
