import { useId, useState, type FormEvent } from 'react';
import { NEWSLETTER_FOOTER_ACTION, NEWSLETTER_FORM_ANCHORS } from '@chapar/shared/text';
import { CheckCircle2, LoaderCircle } from '../../../components/icons';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { isValidNewsletterEmail, newsletterOutcomeTexts, newsletterTexts, pendingTitleOf, subscribeErrorText, useNewsletterOutcome, useSubscribe } from '../api.ts';

interface Shown { title?: string; body: string; error: boolean }

/**
 * Footer field (spec 01 §5, and docs/decisions/0015): the reader is signed up for real, as in the
 * sidebar box, and told what happens next (the confirmation mail), not «subscribed» with no call.
 * Without the page's script (or before the footer has hydrated) the form POSTs to
 * /newsletter/subscribe, and the reader comes back to this page with the outcome shown here.
 */
export function FooterNewsletter() {
  const [email, setEmail] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const subscribe = useSubscribe();
  const id = useId();
  // The outcome of a signup sent without the script, until the reader uses the field again.
  const outcome = useNewsletterOutcome('footer');
  const [outcomeShown, setOutcomeShown] = useState(true);
  const arrived = outcome && outcomeShown && !shown ? newsletterOutcomeTexts[outcome] : null;
  const message = shown ?? arrived;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcomeShown(false);
    if (!isValidNewsletterEmail(email)) {
      setShown({ title: newsletterTexts.invalidTitle, body: newsletterTexts.invalidBody, error: true });
      return;
    }
    subscribe.mutate({ email: email.trim() }, {
      onSuccess: (result) => {
        if (result.success === false) {
          setShown({ title: newsletterTexts.failedTitle, body: result.error || result.message || newsletterTexts.failedBody, error: true });
          return;
        }
        setShown(result.pending
          ? { title: pendingTitleOf(result), body: result.message || newsletterTexts.pendingNote, error: false }
          : { body: newsletterTexts.footerSuccess, error: false });
        setEmail('');
      },
      onError: (error) => setShown({ title: newsletterTexts.failedTitle, body: subscribeErrorText(error), error: true }),
    });
  };

  return (
    <form id={NEWSLETTER_FORM_ANCHORS.footer} method="post" action={NEWSLETTER_FOOTER_ACTION} onSubmit={submit} noValidate className="scroll-mt-4 space-y-2">
      <label htmlFor={id} className="block text-sm text-muted">تازه‌ترین خبرها را در ایمیل خود بخوانید</label>
      <div className="flex gap-2">
        <input
          id={id}
          name="email"
          type="email"
          required
          dir="ltr"
          value={email}
          onChange={(e) => { setEmail(e.target.value); setShown(null); }}
          placeholder="نشانی ایمیل"
          className={`${inputStyles} text-start placeholder:text-end`}
        />
        <button type="submit" disabled={subscribe.isPending} className={buttonStyles.primary}>
          {subscribe.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          عضویت
        </button>
      </div>
      <p aria-live="polite" className={`min-h-6 text-sm ${message?.error ? 'text-red-700 dark:text-red-300' : 'text-green-700 dark:text-green-400'}`}>
        {message && (
          <span {...(arrived && !shown ? { 'data-newsletter-outcome': outcome } : { 'data-newsletter-result': message.error ? 'error' : 'ok' })}>
            {message.title
              ? <strong className="block font-bold">{!message.error && <CheckCircle2 aria-hidden="true" className="me-1 inline size-4" />}{message.title}</strong>
              : !message.error && <CheckCircle2 aria-hidden="true" className="me-1 inline size-4" />}
            {message.body}
          </span>
        )}
      </p>
    </form>
  );
}
