import { focusRing } from '../../components/ui/button-styles.ts';
import { cn } from '../../lib/cn.ts';
import type { Option } from './fields.tsx';

/** A row of filter buttons (one pressed). */
export function FilterButtons<T extends string>({ label, value, onChange, options }: { label: string; value: T; onChange: (value: T) => void; options: readonly Option<T>[] }) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn('rounded-lg border px-3 py-1.5 text-sm', focusRing, value === option.value ? 'border-accent bg-accent text-accent-fg dark:border-red-700 dark:bg-red-700' : 'border-border bg-card text-fg hover:bg-surface')}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
