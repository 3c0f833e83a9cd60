// The newsletter forms without JavaScript (or before the page's script has run): the sidebar box
// and the footer field POST a plain form here; the server signs up exactly as the JSON route does
// and answers 303 back to the page with one fixed marker in the query, which the form then shows.
// Only these few values mean anything, so a marker page carries no reader's data and the pages
// kept per address stay a handful.

/** The signup's answer to a flood of requests from one address (NEWSLETTER_MESSAGES.flooded), here so the page's script can show it without the contracts. */
export const NEWSLETTER_FLOODED = 'از این نشانی اینترنتی در مدت کوتاهی درخواست‌های عضویت زیادی رسیده است؛ لطفاً کمی بعد دوباره تلاش کنید';

/** Where both forms POST (application/x-www-form-urlencoded: email, name). */
export const NEWSLETTER_FORM_PATH = '/newsletter/subscribe';
/** The query parameter that carries the outcome back to the page. */
export const NEWSLETTER_MARKER = 'newsletter';

/** `sent`: the confirmation mail is on its way; `recorded`: kept until the site sends mail. */
export const NEWSLETTER_OUTCOMES = ['sent', 'recorded', 'invalid', 'busy', 'failed'] as const;
export type NewsletterOutcome = (typeof NEWSLETTER_OUTCOMES)[number];

export type NewsletterForm = 'box' | 'footer';
/** The element each form's answer jumps to (the fragment of the 303). */
export const NEWSLETTER_FORM_ANCHORS: Record<NewsletterForm, string> = { box: 'newsletter', footer: 'footer-newsletter' };
/** The footer posts with `?from=footer`, so the answer goes to the footer, not to the box. */
export const NEWSLETTER_FOOTER_ACTION = `${NEWSLETTER_FORM_PATH}?from=footer`;

/** The marker's value: `sent` for the box, `footer-sent` for the footer. */
export function newsletterMarkerValue(form: NewsletterForm, outcome: NewsletterOutcome): string {
  return form === 'footer' ? `footer-${outcome}` : outcome;
}

/** The outcome `search` (a location's query) carries for `form`; null for any other value. */
export function newsletterOutcomeOf(search: string, form: NewsletterForm): NewsletterOutcome | null {
  const value = new URLSearchParams(search).get(NEWSLETTER_MARKER);
  if (value === null) return null;
  return NEWSLETTER_OUTCOMES.find((outcome) => newsletterMarkerValue(form, outcome) === value) ?? null;
}
