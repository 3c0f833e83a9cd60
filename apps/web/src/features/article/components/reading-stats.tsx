import { Clock, FileText } from '../../../components/icons';
import { articleReadingMinutes, countWords, formatNumberFa } from '@chapar/shared/text';

/** Spec 02 §2 item 11: words and minutes (words / 200, rounded up), in Persian digits. */
export function ReadingStats({ content }: { content: string }) {
  return (
    <p className="mt-6 flex flex-wrap gap-4 text-sm text-muted">
      <span className="inline-flex items-center gap-1"><FileText aria-hidden="true" className="size-4" />{formatNumberFa(countWords(content))} کلمه</span>
      <span className="inline-flex items-center gap-1"><Clock aria-hidden="true" className="size-4" />{formatNumberFa(articleReadingMinutes(content))} دقیقه مطالعه</span>
    </p>
  );
}
