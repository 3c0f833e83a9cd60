// What a bulk job will change, shown before anything changes: the action, the count, the list,
// and a circuit breaker's warning when a run would take down an unusual share of what it read.
import { useMemo, useState } from 'react';
import { CircleX, ShieldAlert } from 'lucide-react';
import { jobLabel, notCheckedCount, notCheckedReasons, PLANNED_CHANGE_LABELS, type PlanItem, type PlannedChange } from '@chapar/shared/contracts';
import { formatNumberFa, toPersianDigits } from '@chapar/shared/text';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { cn } from '../../lib/cn.ts';
import { useConfirmPlan, useDiscardPlan, type PendingPlan } from '../lib/plans.ts';
import type { OperationAnswer } from '../lib/operation-answer.ts';
import { AdminDialog } from './dialogs.tsx';
import { Checkbox } from './fields.tsx';
import { PlanFieldChanges } from './plan-field-changes.tsx';
import { adminButton } from './styles.ts';

/** Rows shown at once; the rest are counted. */
const SHOWN = 100;

const CHANGE_TONE: Record<PlannedChange, string> = {
  unpublish: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  update: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  rewrite: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  check: 'bg-surface text-fg',
  unchanged: 'bg-surface text-muted',
  not_checked: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
};

const changing = (item: PlanItem) => item.change !== 'unchanged' && item.change !== 'not_checked';

/** 'X مقاله از انتشار خارج می‌شود، Y مقاله به‌روز می‌شود' */
function countsLine(items: PlanItem[]): string {
  const counts = new Map<PlannedChange, number>();
  for (const item of items) counts.set(item.change, (counts.get(item.change) ?? 0) + 1);
  return [...counts].map(([change, n]) => `${formatNumberFa(n)} مقاله ${PLANNED_CHANGE_LABELS[change]}`).join('، ');
}

function PlanRow({ item, chosen, onChoose }: { item: PlanItem; chosen?: boolean; onChoose?: (on: boolean) => void }) {
  return (
    <li className="rounded-lg border border-border p-2 text-sm" data-change={item.change}>
      <div className="flex flex-wrap items-center gap-2">
        {onChoose && <Checkbox checked={chosen ?? false} onCheckedChange={onChoose} label={`پذیرفتن بازنویسی مقالهٔ ${toPersianDigits(item.articleId)}`} />}
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', CHANGE_TONE[item.change])}>{PLANNED_CHANGE_LABELS[item.change]}</span>
        <span className="text-xs text-muted">مقالهٔ {toPersianDigits(item.articleId)}</span>
        {item.source && item.telegramId !== null && <bdi dir="ltr" className="break-all text-xs text-muted">@{item.source}/{item.telegramId}</bdi>}
      </div>
      <a href={`/article/${item.articleId}`} target="_blank" rel="noreferrer" className="mt-1 block break-words font-medium hover:underline">{item.title}</a>
      {item.reason && <p className="mt-1 text-xs text-muted">{item.reason}</p>}
      {/* A text repair's fields before and after (none when only derived columns are recomputed); a rewrite's text as proposed. */}
      {item.proposal?.fields ? item.proposal.fields.length > 0 && <PlanFieldChanges fields={item.proposal.fields} /> : item.proposal && (
        <details className="mt-2">
          <summary className="cursor-pointer text-xs">متن پیشنهادی (امتیاز {toPersianDigits(item.proposal.before)} ← {toPersianDigits(item.proposal.after)})</summary>
          <div className="mt-2 space-y-1 rounded-lg bg-surface p-2 text-xs">
            <p className="font-bold">{item.proposal.title}</p>
            <p>{item.proposal.excerpt}</p>
          </div>
        </details>
      )}
    </li>
  );
}

export function PlanDialog({ pending, onClose, onDone }: { pending: PendingPlan | null; onClose: () => void; onDone?: (answer: OperationAnswer) => void }) {
  const confirm = useConfirmPlan(onDone);
  const discard = useDiscardPlan();
  const [acknowledged, setAcknowledged] = useState(false);
  const [rejected, setRejected] = useState<Set<number>>(new Set());
  const plan = pending?.plan;
  const { changes, others } = useMemo(() => ({
    changes: plan?.items.filter(changing) ?? [],
    others: plan?.items.filter((i) => !changing(i)) ?? [],
  }), [plan]);
  if (!pending || !plan) return null;
  const name = jobLabel(pending.name);
  const proposals = changes.some((i) => i.proposal);
  const chosen = changes.filter((i) => !rejected.has(i.articleId));
  const count = plan.exact ? chosen.length : plan.changes;
  const breaker = plan.breaker?.tripped;
  const close = () => { setAcknowledged(false); setRejected(new Set()); onClose(); };
  const run = () => confirm.mutate(
    { id: pending.operationId, acknowledgeBreaker: breaker ? acknowledged : undefined, articleIds: proposals ? chosen.map((i) => i.articleId) : undefined },
    { onSuccess: close },
  );
  // Articles it could not check (their channel not read) are never counted as needing no change.
  const unchecked = notCheckedCount(plan);
  // It could check none of them: the run failed (the operations list says «ناموفق»), and why comes first, as the server says it.
  const failed = plan.looked === 0 && unchecked > 0;
  const reasons = failed ? notCheckedReasons(plan) : '';
  const uncheckedLine = unchecked ? ` ${formatNumberFa(unchecked)} مقاله بررسی نشد؛ دلیل هر کدام در فهرست آمده است.` : '';
  const summary = (!plan.changes
    ? plan.looked ? `${formatNumberFa(plan.looked)} مقاله بررسی شد و تغییری لازم نیست.` : 'هیچ مقاله‌ای بررسی نشد و چیزی تغییر نمی‌کند.'
    : plan.exact ? `این عملیات ${formatNumberFa(plan.changes)} مقاله را تغییر می‌دهد: ${countsLine(changes)}.`
      : `این عملیات روی ${formatNumberFa(plan.changes)} مقاله اجرا می‌شود و هر کدام را در صورت نیاز اصلاح می‌کند.`) + uncheckedLine;
  const destructive = changes.some((i) => i.change === 'unpublish');
  // Past the rows shown: for a scope plan, its unlisted articles are its scope too; an exact plan
  // lists its changes first, so of its unlisted articles (`more`) only those past the listed
  // changes are changes; the rest are the unchecked, those left for a later run (`beyond`) and
  // those checked that need no change, each said as such.
  const unlistedChanges = Math.max(0, plan.changes - changes.length);
  const moreChanges = plan.exact ? Math.max(0, changes.length - SHOWN) + unlistedChanges
    : changes.length + plan.more > SHOWN ? changes.length + plan.more - Math.min(SHOWN, changes.length) : 0;
  const beyond = plan.beyond ?? 0;
  const unlistedUnchecked = Math.max(0, unchecked - plan.items.filter((i) => i.change === 'not_checked').length);
  const unlistedUnchanged = plan.exact ? Math.max(0, plan.more - unlistedChanges - unlistedUnchecked - beyond) : 0;
  return (
    <AdminDialog open onOpenChange={(open) => { if (!open) close(); }} wide title={`پیش‌نمایش «${name}»`} description={plan.changes ? 'هنوز چیزی تغییر نکرده است؛ فهرست را ببینید و سپس تأیید کنید.' : 'چیزی تغییر نکرده است.'}>
      <div className="space-y-4" data-testid="plan-dialog">
        {failed ? (
          <div role="alert" data-testid="plan-summary" data-failed="true" className="space-y-1 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            <p className="flex items-center gap-2 font-bold"><CircleX aria-hidden="true" className="size-5 shrink-0" />بررسی ناموفق بود؛ هیچ مقاله‌ای بررسی نشد و چیزی تغییر نکرد.</p>
            {reasons && <p data-testid="plan-failure-reason"><span className="font-bold">دلیل: </span>{reasons}</p>}
            <p>{formatNumberFa(unchecked)} مقاله بررسی نشد؛ فهرست آن‌ها در «بقیهٔ مقاله‌ها» آمده است.</p>
          </div>
        ) : <p className="font-medium" data-testid="plan-summary">{summary}</p>}
        {beyond > 0 && (
          <p className="text-sm" data-testid="plan-beyond">
            {formatNumberFa(beyond)} مقالهٔ دیگر هم به این اصلاح نیاز دارد که در این پیش‌نمایش نیامد؛ پس از اجرا، دوباره اجرا کنید.
          </p>
        )}
        {plan.changes > 0 && <p className="text-sm text-muted">پس از اجرا، تغییرات این عملیات را می‌توانید از فهرست عملیات با «بازگردانی» برگردانید.</p>}
        {breaker && (
          <div role="alert" className="space-y-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            <p className="flex items-center gap-2 font-bold"><ShieldAlert aria-hidden="true" className="size-5" />توقف ایمنی</p>
            <p>
              {formatNumberFa(plan.breaker!.unpublish)} مقاله از {formatNumberFa(plan.looked)} مقالهٔ بررسی‌شده از انتشار خارج می‌شود؛ بیش از حد معمول ({formatNumberFa(plan.breaker!.limit)}).
              شاید تلگرام یا شبکه درست پاسخ نمی‌دهد. پیش از تأیید، چند پست فهرست را در کانال ببینید.
            </p>
            <Checkbox checked={acknowledged} onCheckedChange={setAcknowledged} label="فهرست را دیده‌ام">فهرست را دیده‌ام و می‌خواهم این مقاله‌ها از انتشار خارج شوند</Checkbox>
          </div>
        )}
        {changes.length > 0 && (
          <section aria-label="تغییرها">
            <h3 className="mb-2 text-sm font-bold">{plan.exact ? 'آنچه تغییر می‌کند' : 'مقاله‌های دامنهٔ این عملیات'}</h3>
            <ul className="max-h-80 space-y-1.5 overflow-y-auto">
              {changes.slice(0, SHOWN).map((item) => (
                <PlanRow
                  key={item.articleId}
                  item={item}
                  chosen={!rejected.has(item.articleId)}
                  onChoose={item.proposal ? (on) => setRejected((set) => { const next = new Set(set); if (on) next.delete(item.articleId); else next.add(item.articleId); return next; }) : undefined}
                />
              ))}
            </ul>
            {moreChanges > 0 && <p className="mt-1 text-xs text-muted" data-testid="plan-more-changes">و {formatNumberFa(moreChanges)} مقالهٔ دیگر</p>}
          </section>
        )}
        {others.length > 0 && (
          <details>
            <summary className="cursor-pointer text-sm">بقیهٔ مقاله‌ها: {countsLine(others)}</summary>
            <ul className="mt-2 max-h-64 space-y-1.5 overflow-y-auto">{others.slice(0, SHOWN).map((item) => <PlanRow key={item.articleId} item={item} />)}</ul>
          </details>
        )}
        {unlistedUnchanged > 0 && <p className="text-sm text-muted" data-testid="plan-unlisted-unchanged">{formatNumberFa(unlistedUnchanged)} مقالهٔ دیگر بررسی شد و تغییری لازم ندارد.</p>}
        <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-4">
          <button type="button" className={buttonStyles.secondary} disabled={discard.isPending} onClick={() => (plan.changes ? discard.mutate(pending.operationId, { onSuccess: close }) : close())}>
            {plan.changes ? 'انصراف و کنار گذاشتن' : 'بستن'}
          </button>
          {plan.changes > 0 && (
            <button
              type="button"
              className={destructive ? cn(adminButton.primary, 'bg-red-700 dark:bg-red-600') : adminButton.primary}
              disabled={confirm.isPending || !count || (breaker && !acknowledged)}
              onClick={run}
            >
              {confirm.isPending ? 'در حال اجرا…' : `اجرا روی ${formatNumberFa(count)} مقاله`}
            </button>
          )}
        </div>
      </div>
    </AdminDialog>
  );
}
