import { useId, type ReactNode } from 'react';
import { Checkbox as RadixCheckbox, Select as RadixSelect } from 'radix-ui';
import { Check, ChevronDown, Minus } from 'lucide-react';
import { focusRing } from '../../components/ui/button-styles.ts';
import { cn } from '../../lib/cn.ts';

export interface Option<T extends string> {
  value: T;
  label: string;
  /** Shown (as the current value too) but not choosable. */
  disabled?: boolean;
}

interface SelectProps<T extends string> {
  label: string;
  /** '' shows the placeholder. */
  value: T | '';
  onChange: (value: T) => void;
  placeholder?: string;
  options: readonly Option<T>[];
  /** Show the label above the field (else it is only the accessible name). */
  showLabel?: boolean;
  className?: string;
  id?: string;
}

/** A Radix select with a visible or hidden Persian label. */
export function Select<T extends string>({ label, value, onChange, options, showLabel = true, className, id, placeholder }: SelectProps<T>) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={fieldId} className={showLabel ? 'text-sm font-medium' : 'sr-only'}>{label}</label>
      <RadixSelect.Root value={value} onValueChange={(v) => onChange(v as T)} dir="rtl">
        <RadixSelect.Trigger
          id={fieldId}
          aria-label={label}
          className={cn('inline-flex h-10 min-w-32 items-center justify-between gap-2 rounded-lg border border-border bg-card px-3 text-sm text-fg', focusRing)}
        >
          <RadixSelect.Value placeholder={placeholder} />
          <RadixSelect.Icon><ChevronDown aria-hidden="true" className="size-4 text-muted" /></RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content position="popper" sideOffset={4} className="z-[60] max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) overflow-hidden rounded-lg border border-border bg-card text-fg shadow-lg">
            <RadixSelect.Viewport className="p-1">
              {options.map((option) => (
                <RadixSelect.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  className="relative flex cursor-pointer select-none items-center rounded-md py-2 ps-8 pe-3 text-sm outline-none data-[highlighted]:bg-surface data-[state=checked]:font-bold data-[disabled]:cursor-default data-[disabled]:text-muted"
                >
                  <RadixSelect.ItemIndicator className="absolute start-2"><Check aria-hidden="true" className="size-4" /></RadixSelect.ItemIndicator>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </div>
  );
}

interface CheckboxProps {
  checked: boolean | 'indeterminate';
  onCheckedChange: (checked: boolean) => void;
  /** Accessible name (Persian). */
  label: string;
  /** Visible text beside the box; without it the label is the accessible name only. */
  children?: ReactNode;
  id?: string;
}

/** A Radix checkbox. */
export function Checkbox({ checked, onCheckedChange, label, children, id }: CheckboxProps) {
  const ownId = useId();
  const boxId = id ?? ownId;
  return (
    <span className="inline-flex items-center gap-2">
      <RadixCheckbox.Root
        id={boxId}
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        aria-label={children ? undefined : label}
        className={cn('flex size-5 shrink-0 items-center justify-center rounded border-2 border-muted bg-card data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=indeterminate]:border-accent data-[state=indeterminate]:bg-accent', focusRing)}
      >
        <RadixCheckbox.Indicator className="text-accent-fg">
          {checked === 'indeterminate' ? <Minus aria-hidden="true" className="size-3.5" /> : <Check aria-hidden="true" className="size-3.5" />}
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      {children && <label htmlFor={boxId} className="cursor-pointer text-sm">{children}</label>}
    </span>
  );
}
