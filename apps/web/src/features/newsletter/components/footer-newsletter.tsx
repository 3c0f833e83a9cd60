import { useId, useState, type FormEvent } from 'react';
import { CheckCircle2 } from '../../../components/icons';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { newsletterTexts } from '../api.ts';

/** Footer field (spec 01 §5): email required; shows 'subscribed' and resets, with no call. */
export function FooterNewsletter() {
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    setEmail('');
    setDone(true);
  };

  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={id} className="block text-sm text-muted">تازه‌ترین خبرها را در ایمیل خود بخوانید</label>
      <div className="flex gap-2">
        <input
          id={id}
          type="email"
          required
          dir="ltr"
          value={email}
          onChange={(e) => { setEmail(e.target.value); setDone(false); }}
          placeholder="نشانی ایمیل"
          className={`${inputStyles} text-start placeholder:text-end`}
        />
        <button type="submit" className={buttonStyles.primary}>عضویت</button>
      </div>
      <p aria-live="polite" className="min-h-6 text-sm text-green-700 dark:text-green-400">
        {done && <><CheckCircle2 aria-hidden="true" className="me-1 inline size-4" />{newsletterTexts.footerSuccess}</>}
      </p>
    </form>
  );
}
