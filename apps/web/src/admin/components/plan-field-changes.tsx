// A text repair's change to one article, as the plan shows it before anything changes: each changed
// field's text before and after, the removed and added words marked (word-diff.ts, as the history's
// compare view marks them), behind a disclosure that starts closed.
import { useMemo } from 'react';
import { PROPOSED_FIELD_LABELS, type ProposedField } from '@chapar/shared/contracts';
import { cn } from '../../lib/cn.ts';
import { DiffText } from '../features/articles/components/diff-text.tsx';
import { htmlToText } from '../features/articles/version-changes.ts';
import { diffSide, diffWords } from '../features/articles/word-diff.ts';

export const PLAN_CHANGE_TEXTS = {
  show: 'نمایش تغییر',
  before: 'پیش از اصلاح',
  after: 'پس از اصلاح',
  /** The body is shown around its first difference, not whole (the server cuts it: repair-text.ts, around). */
  part: 'بخشی از متن، پیرامون نخستین تغییر',
  markupOnly: 'متن یکسان است؛ تنها قالب‌بندی (مثلاً شکستن سطر یا پیوند) فرق دارد.',
} as const;

/** A cut part of the body's HTML as its text: a tag cut at either end is left out, not read as text. */
function partText(html: string): string {
  let part = html;
  const close = part.indexOf('>');
  const open = part.indexOf('<');
  if (close !== -1 && (open === -1 || close < open)) part = part.slice(close + 1);
  if (part.lastIndexOf('<') > part.lastIndexOf('>')) part = part.slice(0, part.lastIndexOf('<'));
  return htmlToText(part);
}

/** A field's before and after as read: of the body (HTML, cut around its first difference), its text. */
function readable(change: ProposedField): { before: string; after: string; markupOnly: boolean } {
  if (change.field !== 'content') return { before: change.before, after: change.after, markupOnly: false };
  const before = partText(change.before);
  const after = partText(change.after);
  // Only the markup changed (say, repeated line breaks made one): the markup is what is compared.
  return before === after ? { before: change.before, after: change.after, markupOnly: true } : { before, after, markupOnly: false };
}

function FieldChange({ change }: { change: ProposedField }) {
  const { before, after, markupOnly } = useMemo(() => readable(change), [change]);
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  const label = PROPOSED_FIELD_LABELS[change.field];
  return (
    <section aria-label={label} className="space-y-1.5" data-field={change.field}>
      <h4 className="text-xs font-bold">
        {label}
        {change.field === 'content' && <span className="ms-2 font-normal text-muted">({PLAN_CHANGE_TEXTS.part})</span>}
      </h4>
      {markupOnly && <p className="text-xs text-muted">{PLAN_CHANGE_TEXTS.markupOnly}</p>}
      <div className="grid gap-2 md:grid-cols-2">
        {(['before', 'after'] as const).map((side) => (
          <div key={side} data-side={side} className="min-w-0 rounded-lg border border-border bg-surface/50 p-2">
            <p className={cn('mb-1 text-xs font-bold', side === 'after' ? 'text-fg' : 'text-muted')}>{PLAN_CHANGE_TEXTS[side]}</p>
            {/* Markup is read left to right. */}
            <DiffText parts={diffSide(parts, side)} ltr={markupOnly} className="leading-7" />
          </div>
        ))}
      </div>
    </section>
  );
}

/** The disclosure under a plan row: closed until asked, then each changed field before → after. */
export function PlanFieldChanges({ fields }: { fields: ProposedField[] }) {
  return (
    <details className="mt-2 text-xs" data-testid="plan-field-changes">
      <summary className="cursor-pointer rounded-sm font-medium focus-visible:outline-3 focus-visible:outline-ring">
        {PLAN_CHANGE_TEXTS.show}
        <span className="ms-1 font-normal text-muted">({fields.map((f) => PROPOSED_FIELD_LABELS[f.field]).join('، ')})</span>
      </summary>
      <div className="mt-2 space-y-3 text-sm">
        {fields.map((change) => <FieldChange key={change.field} change={change} />)}
      </div>
    </details>
  );
}
