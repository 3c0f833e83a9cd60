import { useId, useState, type FormEvent } from 'react';
import { NEWSLETTER_FOOTER_ACTION, NEWSLETTER_FORM_ANCHORS } from '@chapar/shared/text';
import { CheckCircle2 } from '../../../components/icons';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { newsletterOutcomeTexts, newsletterTexts, useNewsletterOutcome } from '../api.ts';

/**
 * Footer field (spec 01 §5): email required; shows 'subscribed' and resets, with no call.
 * That is the form with the page's script. Without it (or before the footer has hydrated) the
 * browser would otherwise drop the address, so the form POSTs to /newsletter/subscribe like the
 * sidebar box, and the reader comes back to this page with the outcome shown here.
 */
export function FooterNewsletter() {
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);
  const id = useId();
  // The outcome of a signup sent without the script, until the reader uses the field again.
  const outcome = useNewsletterOutcome('footer');
  const [outcomeShown, setOutcomeShown] = useState(true);
  const arrived = outcome && outcomeShown && !done ? newsletterOutcomeTexts[outcome] : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    setEmail('');
    setDone(true);
    setOutcomeShown(false);
  };

  return (
    <form id={NEWSLETTER_FORM_ANCHORS.footer} method="post" action={NEWSLETTER_FOOTER_ACTION} onSubmit={submit} className="scroll-mt-24 space-y-2">
      <label htmlFor={id} className="block text-sm text-muted">تازه‌ترین خبرها را در ایمیل خود بخوانید</label>
      <div className="flex gap-2">
        <input
          id={id}
          name="email"
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
      <p aria-live="polite" className={`min-h-6 text-sm ${arrived?.error ? 'text-red-700 dark:text-red-300' : 'text-green-700 dark:text-green-400'}`}>
        {done && <><CheckCircle2 aria-hidden="true" className="me-1 inline size-4" />{newsletterTexts.footerSuccess}</>}
        {arrived && (
          <span data-newsletter-outcome={outcome}>
            <strong className="block font-bold">
              {!arrived.error && <CheckCircle2 aria-hidden="true" className="me-1 inline size-4" />}
              {arrived.title}
            </strong>
            {arrived.body}
          </span>
        )}
      </p>
    </form>
  );
}
