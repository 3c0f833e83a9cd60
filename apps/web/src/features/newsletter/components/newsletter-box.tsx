import { useId, useState, type FormEvent } from 'react';
import { NEWSLETTER_FORM_ANCHORS, NEWSLETTER_FORM_PATH } from '@chapar/shared/text';
import { CheckCircle2, LoaderCircle, Mail } from '../../../components/icons';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { isValidNewsletterEmail, newsletterOutcomeTexts, newsletterTexts, pendingTitleOf, subscribeErrorText, useNewsletterOutcome, useSubscribe } from '../api.ts';

/**
 * Sidebar newsletter (spec 01 §5): email with an at-sign, optional name. With the page's script
 * the form calls the API; without it (or before it has run) the form POSTs to
 * /newsletter/subscribe, which sends the reader back here with the outcome in the address.
 */
export function NewsletterBox() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  // The address last signed up, while its confirmation link is awaited.
  const [waitingFor, setWaitingFor] = useState<{ email: string; mailed: boolean } | null>(null);
  const subscribe = useSubscribe();
  const { toast } = useToast();
  const ids = { email: useId(), name: useId() };
  // The outcome of a signup sent without the script, until the reader sends one with it.
  const outcome = useNewsletterOutcome('box');
  const [outcomeShown, setOutcomeShown] = useState(true);
  const arrived = outcome && outcomeShown ? newsletterOutcomeTexts[outcome] : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcomeShown(false);
    if (!isValidNewsletterEmail(email)) {
      toast({ title: newsletterTexts.invalidTitle, description: newsletterTexts.invalidBody, variant: 'destructive' });
      return;
    }
    subscribe.mutate({ email: email.trim(), name: name.trim() || undefined }, {
      onSuccess: (result) => {
        if (result && result.success === false) {
          toast({ title: newsletterTexts.failedTitle, description: result.error || result.message || newsletterTexts.failedBody, variant: 'destructive' });
          return;
        }
        toast({ title: result?.pending ? pendingTitleOf(result) : newsletterTexts.successTitle, description: result?.message || newsletterTexts.successBody });
        setWaitingFor(result?.pending ? { email: email.trim(), mailed: result.confirmationMailed !== false } : null);
        setEmail('');
        setName('');
      },
      onError: (error) => toast({ title: newsletterTexts.failedTitle, description: subscribeErrorText(error), variant: 'destructive' }),
    });
  };

  return (
    <section id={NEWSLETTER_FORM_ANCHORS.box} aria-labelledby="newsletter-heading" className="scroll-mt-4 rounded-2xl bg-accent-soft p-4">
      <h2 id="newsletter-heading" className="mb-1 flex items-center gap-2 text-lg font-bold">
        <Mail aria-hidden="true" className="size-5 text-accent" />
        عضویت در خبرنامه
      </h2>
      <p className="mb-3 text-sm text-muted">خلاصه مهم‌ترین خبرهای روز را هر صبح دریافت کنید.</p>
      {arrived && (
        <p
          data-newsletter-outcome={outcome}
          role={arrived.error ? 'alert' : 'status'}
          className={`mb-3 rounded-lg border border-border bg-card p-3 text-sm ${arrived.error ? 'text-red-700 dark:text-red-300' : ''}`}
        >
          <strong className="mb-1 block font-bold">
            {!arrived.error && <CheckCircle2 aria-hidden="true" className="me-1 inline size-4 text-green-700 dark:text-green-400" />}
            {arrived.title}
          </strong>
          {arrived.body}
        </p>
      )}
      <form method="post" action={NEWSLETTER_FORM_PATH} onSubmit={submit} noValidate className="space-y-2">
        <label htmlFor={ids.email} className="sr-only">ایمیل</label>
        <input id={ids.email} name="email" type="email" required dir="ltr" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="ایمیل شما" className={`${inputStyles} text-start placeholder:text-end`} />
        <label htmlFor={ids.name} className="sr-only">نام (اختیاری)</label>
        <input id={ids.name} name="name" value={name} onChange={(e) => setName(e.target.value)} placeholder="نام (اختیاری)" className={inputStyles} />
        <button type="submit" disabled={subscribe.isPending} className={`${buttonStyles.primary} w-full`}>
          {subscribe.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          عضویت
        </button>
      </form>
      {waitingFor && (
        <p data-newsletter-pending className="mt-3 rounded-lg border border-border bg-card p-3 text-sm">
          <CheckCircle2 aria-hidden="true" className="me-1 inline size-4 text-green-700 dark:text-green-400" />
          {waitingFor.mailed
            ? <>{'ایمیل تأیید به '}<bdi dir="ltr">{waitingFor.email}</bdi>{' فرستاده شد. '}{newsletterTexts.pendingNote}</>
            : <>{'درخواست عضویت '}<bdi dir="ltr">{waitingFor.email}</bdi>{' ثبت شد. '}{newsletterTexts.recordedNote}</>}
        </p>
      )}
    </section>
  );
}
