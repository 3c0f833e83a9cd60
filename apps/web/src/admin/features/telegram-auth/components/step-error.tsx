import { errorText } from '../../../lib/api.ts';

/**
 * Spec 03 §8: each step shows the server's message after the word 'error'. The server isolates
 * the Latin inside its sentences (proxy hosts, variable names), so the text is shown as it is.
 */
export function StepError({ error }: { error: unknown }) {
  if (!error) return null;
  return <p role="alert" className="text-sm leading-7 text-accent dark:text-red-300">خطا: {errorText(error, 'خطا در ارتباط با سرور')}</p>;
}
