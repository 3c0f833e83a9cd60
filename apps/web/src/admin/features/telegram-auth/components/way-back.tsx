import { useId } from 'react';
import { Undo2 } from 'lucide-react';
import { formatNumberFa } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { useCancelSignIn } from '../api.ts';
import { StepError } from './step-error.tsx';

/**
 * Under the code step, the way back from a mistyped number: the pending request is cancelled and
 * the page asks for a number again (the 22-hour rule is per number, so another one is free).
 */
export function WayBack({ intervalHours, onBack }: { intervalHours: number; onBack: () => void }) {
  const cancel = useCancelSignIn();
  const hint = useId();
  return (
    <div className="space-y-2 border-t border-border pt-3 text-sm" data-way-back>
      <button type="button" aria-describedby={hint} className={cn(buttonStyles.ghost, 'px-0 text-accent underline-offset-4 hover:bg-transparent hover:underline dark:text-red-300')} onClick={() => cancel.mutate(undefined, { onSuccess: onBack })} disabled={cancel.isPending}>
        <Undo2 aria-hidden="true" className="size-4" />
        {cancel.isPending ? 'در حال لغو…' : 'شماره را اشتباه وارد کرده‌اید؟'}
      </button>
      <p id={hint} className="text-xs leading-6 text-muted">این درخواست لغو می‌شود تا شماره درست را وارد کنید؛ محدودیت {formatNumberFa(intervalHours)} ساعته برای هر شماره جداست و شماره دیگر را نمی‌بندد.</p>
      <StepError error={cancel.error} />
    </div>
  );
}
