import type { ReactNode } from 'react';
import { formatNumberFa } from '@chapar/shared/text';
import { cn } from '../../lib/cn.ts';

const TONES = {
  neutral: 'text-fg',
  accent: 'text-accent',
  green: 'text-green-700 dark:text-green-400',
  amber: 'text-amber-700 dark:text-amber-300',
  blue: 'text-blue-700 dark:text-blue-300',
} as const;

export type StatTone = keyof typeof TONES;

/** One figure with its label; several sit in a StatGrid. */
export function StatCard({ label, value, tone = 'neutral' }: { label: string; value: number | undefined; tone?: StatTone }) {
  return (
    <div className="rounded-xl border border-border bg-card p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className={cn('mt-1 text-2xl font-bold', TONES[tone])}>{value === undefined ? '…' : formatNumberFa(value)}</dd>
    </div>
  );
}

export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return <dl aria-label={label} className="grid grid-cols-2 gap-3 md:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))]">{children}</dl>;
}
