import type { ReactNode } from 'react';
import { Link } from './link.tsx';
import { ChevronRight } from './icons';
import { mirrorRtl } from './ui/button-styles.ts';

/** Section title with the accent rule and an optional "more" link. */
export function SectionHeading({ id, children, moreHref, moreLabel = 'بیشتر' }: { id: string; children: ReactNode; moreHref?: string; moreLabel?: string }) {
  return (
    <div className="mb-4 flex items-center justify-between gap-4 border-b border-border pb-2">
      <h2 id={id} className="relative text-lg font-bold before:absolute before:-bottom-[9px] before:inset-x-0 before:h-0.5 before:bg-accent sm:text-xl">
        {children}
      </h2>
      {moreHref && (
        // min-w-0: with large text on a narrow phone the link wraps instead of pushing the row out.
        <Link to={moreHref} className="inline-flex min-w-0 items-center gap-1 text-sm text-muted hover:text-accent">
          {moreLabel}
          <ChevronRight aria-hidden="true" className={`size-4 ${mirrorRtl}`} />
        </Link>
      )}
    </div>
  );
}
