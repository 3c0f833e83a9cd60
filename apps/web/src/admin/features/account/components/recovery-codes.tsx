import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';

/** Recovery codes, shown once: each works one time when the authenticator is not at hand. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950">
      <p className="text-sm font-medium">
        این کدهای بازیابی فقط همین یک بار نشان داده می‌شوند. هر کد یک بار کار می‌کند، وقتی برنامهٔ احراز هویت در دسترس نیست. آن‌ها را جای امنی نگه دارید.
      </p>
      <ul aria-label="کدهای بازیابی" dir="ltr" className="grid grid-cols-2 gap-2 font-mono text-sm" data-recovery-codes>
        {codes.map((code) => <li key={code} className="rounded bg-card px-2 py-1 text-center">{code}</li>)}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={() => void navigator.clipboard.writeText(codes.join('\n')).then(() => setCopied(true))}>
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? 'رونوشت شد' : 'رونوشت همهٔ کدها'}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onDone}>کدها را نگه داشتم</button>
      </div>
    </div>
  );
}
