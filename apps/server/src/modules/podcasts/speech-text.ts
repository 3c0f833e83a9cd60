// The text an article's podcast reads, as the admin sees and corrects it: made from the
// article by the speech rules (@chapar/shared/text spoken.ts), or the editor's correction,
// which every later podcast reads until it is removed.
import { createHash } from 'node:crypto';
import type { Db } from '@chapar/db';
import type { SpeechTextResponse } from '@chapar/shared/contracts';
import { articleSpeechText, speakableText } from '@chapar/shared/text';
import { speechRepo, type SpeechArticle } from './speech-repo.ts';

export const textHash = (text: string) => createHash('sha256').update(text).digest('hex');

/** What the next podcast of an article reads, and whether an editor wrote it. */
export async function speechTextFor(db: Db, article: SpeechArticle): Promise<{ text: string; madeText: string; correction: Awaited<ReturnType<typeof speechRepo.correction>> }> {
  const madeText = articleSpeechText(article);
  const correction = await speechRepo.correction(db, article.id);
  return { text: correction?.text ?? madeText, madeText, correction };
}

/** The admin's view of an article's speech text; `podcastUrlFor` gives the address a podcast of a text has. */
export async function speechTextView(db: Db, article: SpeechArticle, podcastUrlFor: (text: string) => string): Promise<SpeechTextResponse> {
  const { text, madeText, correction } = await speechTextFor(db, article);
  return {
    articleId: article.id,
    text,
    madeText,
    corrected: !!correction,
    stale: !!correction && correction.basedOn !== textHash(madeText),
    updatedBy: correction?.updatedBy ?? null,
    updatedAt: correction?.updatedAt.toISOString() ?? null,
    podcastUrl: article.podcastUrl,
    podcastCurrent: !!article.podcastUrl && article.podcastUrl === podcastUrlFor(text),
  };
}

/** Saves an editor's correction, made speakable (Latin words and numbers in Persian). */
export async function saveSpeechText(db: Db, article: SpeechArticle, text: string, updatedBy: string | null): Promise<void> {
  await speechRepo.save(db, article.id, { text: speakableText(text), basedOn: textHash(articleSpeechText(article)), updatedBy });
}
