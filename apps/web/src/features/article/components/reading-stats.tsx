import { Clock, FileText } from '../../../components/icons';
import { countWords, formatNumberFa, readingMinutesOfWords } from '@chapar/shared/text';

/** Spec 02 §2 item 11: words and minutes (words / 200, rounded up), in Persian digits. */
export function ReadingStats({ content }: { content: string }) {
  // The body's tags are stripped once for both figures (a seven-pass clean-up of the whole body).
  const words = countWords(content);
  return (
    <p className="mt-6 flex flex-wrap gap-4 text-sm text-muted">
      <span className="inline-flex items-center gap-1"><FileText aria-hidden="true" className="size-4" />{formatNumberFa(words)} کلمه</span>
      <span className="inline-flex items-center gap-1"><Clock aria-hidden="true" className="size-4" />{formatNumberFa(readingMinutesOfWords(words))} دقیقه مطالعه</span>
    </p>
  );
}
