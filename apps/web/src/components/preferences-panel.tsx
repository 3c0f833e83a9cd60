import { Contrast, Minus, Plus, RotateCcw } from './icons';
import { formatNumberFa } from '@chapar/shared/text';
import { FONT_SIZE, usePreferences } from '../lib/preferences.tsx';
import { useTheme } from '../lib/theme.tsx';
import { buttonStyles, focusRing } from './ui/button-styles.ts';
import { cn } from '../lib/cn.ts';

const stepButton = `inline-flex size-9 items-center justify-center rounded-lg border border-border bg-card text-fg hover:bg-surface disabled:opacity-40 ${focusRing}`;

/** Font size, high contrast, theme source and reset (spec 01 §4). */
export function PreferencesPanel() {
  const { fontSize, highContrast, increaseFontSize, decreaseFontSize, setHighContrast, reset } = usePreferences();
  const { preference, followSystemTheme } = useTheme();
  return (
    <div className="space-y-4 text-sm">
      <div>
        <p id="font-size-label" className="mb-2 font-medium">اندازه متن</p>
        <div role="group" aria-labelledby="font-size-label" className="flex items-center gap-2">
          <button type="button" onClick={decreaseFontSize} disabled={fontSize <= FONT_SIZE.min} aria-label="کوچک کردن متن" className={stepButton}>
            <Minus aria-hidden="true" className="size-4" />
          </button>
          <output aria-live="polite" className="min-w-14 text-center font-bold">{formatNumberFa(fontSize)}٪</output>
          <button type="button" onClick={increaseFontSize} disabled={fontSize >= FONT_SIZE.max} aria-label="بزرگ کردن متن" className={stepButton}>
            <Plus aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      <label className="flex cursor-pointer items-center justify-between gap-3">
        <span className="inline-flex items-center gap-2 font-medium"><Contrast aria-hidden="true" className="size-4" />کنتراست بالا</span>
        <input type="checkbox" role="switch" checked={highContrast} onChange={(e) => setHighContrast(e.target.checked)} className="size-5 accent-accent" />
      </label>
      <label className="flex cursor-pointer items-center justify-between gap-3">
        <span className="font-medium">پوسته مطابق سیستم</span>
        <input type="checkbox" role="switch" checked={preference === 'system'} disabled={preference === 'system'} onChange={followSystemTheme} className="size-5 accent-accent" />
      </label>
      <button type="button" onClick={reset} className={cn(buttonStyles.ghost, 'w-full border border-border')}>
        <RotateCcw aria-hidden="true" className="size-4" />
        بازنشانی تنظیمات
      </button>
    </div>
  );
}
