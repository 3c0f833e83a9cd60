// One side of a word diff (word-diff.ts) as text: the removed or added words marked, and named for
// screen readers. Shared by the history's compare view and a repair plan's field changes.
import { cn } from '../../../../lib/cn.ts';
import type { DiffPart } from '../word-diff.ts';

export const DIFF_TEXTS = { empty: '(خالی)', removed: 'حذف‌شده', added: 'افزوده‌شده' } as const;

export const removedStyle = 'rounded-sm bg-red-100 text-red-900 line-through decoration-red-700 dark:bg-red-950 dark:text-red-100 dark:decoration-red-300';
export const addedStyle = 'rounded-sm bg-green-100 text-green-900 underline decoration-green-700 decoration-2 underline-offset-4 dark:bg-green-950 dark:text-green-100 dark:decoration-green-300';

/** `ltr`: markup, read left to right; `className`: the paragraph's line height and the like. */
export function DiffText({ parts, ltr, className }: { parts: DiffPart[]; ltr?: boolean; className?: string }) {
  if (parts.every((p) => !p.text.trim())) return <p className="text-muted">{DIFF_TEXTS.empty}</p>;
  return (
    <p dir={ltr ? 'ltr' : undefined} className={cn('whitespace-pre-wrap break-words', className, ltr && 'text-left font-mono text-xs leading-6')}>
      {parts.map((part, i) => {
        if (part.kind === 'same') return <span key={i}>{part.text}</span>;
        // Spaces and line breaks at a change's ends stay outside its mark: only words are marked.
        const [, lead, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(part.text) ?? ['', '', part.text, ''];
        const removed = part.kind === 'removed';
        const Mark = removed ? 'del' : 'ins';
        return (
          <span key={i}>
            {lead}
            {core && <Mark className={removed ? removedStyle : addedStyle}><span className="sr-only">{removed ? DIFF_TEXTS.removed : DIFF_TEXTS.added}: </span>{core}</Mark>}
            {trail}
          </span>
        );
      })}
    </p>
  );
}
