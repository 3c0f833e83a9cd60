// Topics of Persian news (`@chapar/shared/topics`): the one filter every keyword passes, from
// a channel's hashtags, the offline rewriter, a model's answer or the stored articles the
// trending page counts. Kept apart from `@chapar/shared/text` so the public pages never
// carry the stop-word list.
import { splitKeywords } from '../contracts/article-keywords.ts';
import { normalizePersian } from '../text/normalize.ts';
import { extractTopics } from './extract.ts';
import { isTopic, tidyTopic, topicId, topicKey } from './phrase.ts';

export { extractTopics } from './extract.ts';
export { isCategoryName, isTopic, tidyTopic, topicId, topicKey, topicMatcher, withoutEndings, wordForms, wordSplits } from './phrase.ts';
export { isKnownName } from './names.ts';
export { FUNCTION_WORDS, GENERIC_WORDS, PERSIAN_STOPWORDS, isFunctionWord, isStopword } from './stopwords.ts';

/**
 * The phrase as the source text spells it, when the text has the same words with a ZWNJ, a
 * space or neither between them ('ثبت نام' or 'ثبتنام' from a hashtag becomes the text's
 * 'ثبت‌نام'); else the phrase itself.
 */
export function spellAsSource(phrase: string, source: string): string {
  const target = normalizePersian(phrase).replace(/ /g, '');
  if (!target || !source) return phrase;
  const words = source.split(/[\s«»"“”()[\]،,.؛;:!?؟…]+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    let span = '';
    for (let n = 0; i + n < words.length; n++) {
      span = n ? `${span} ${words[i + n]}` : words[i];
      const joined = normalizePersian(span).replace(/ /g, '');
      if (joined === target) return span;
      if (joined.length >= target.length) break;
    }
  }
  return phrase;
}

/**
 * Keywords that pass the filter, tidied, each topic once in any spelling (topicId), at most
 * `max`; a word already inside a kept phrase ('تیم' beside 'تیم ملی') adds nothing, nor does a
 * phrase made only of kept topics ('ثبت‌نام آزمون سراسری' beside 'ثبت‌نام' and 'آزمون سراسری').
 */
export function cleanTopics(list: readonly string[], max: number, source = ''): string[] {
  const kept: string[] = [];
  const keys: string[] = [];
  const ids = new Set<string>();
  for (const raw of list) {
    if (kept.length >= max) break;
    const topic = tidyTopic(spellAsSource(tidyTopic(raw), source));
    const key = topicKey(topic);
    if (!isTopic(topic) || ids.has(topicId(topic))) continue;
    if (!key.includes(' ') && keys.some((k) => k.split(' ').includes(key))) continue;
    if (key.includes(' ') && coveredBy(key, keys)) continue;
    kept.push(topic);
    keys.push(key);
    ids.add(topicId(topic));
  }
  return kept;
}

/**
 * An editor's keywords (the edit dialog's field, split at commas, Persian or Latin): each
 * tidied as a channel's would be and kept once in any spelling (ZWNJ, space or neither), in the editor's order, but not
 * filtered: a tag an editor chose is theirs. Stored comma-separated, as every article's are.
 */
export function editorKeywords(raw: string): string {
  const kept: string[] = [];
  const keys = new Set<string>();
  for (const part of splitKeywords(raw)) {
    const keyword = tidyTopic(part);
    const key = topicId(keyword) || keyword.toLowerCase();
    if (!keyword || keys.has(key)) continue;
    kept.push(keyword);
    keys.add(key);
  }
  return kept.join(',');
}

/** Whether every word of a phrase's key ('و' aside) belongs to a kept topic found in it, in order. */
function coveredBy(key: string, keys: readonly string[]): boolean {
  const words = key.split(' ');
  let at = 0;
  while (at < words.length) {
    if (words[at] === 'و') {
      at++;
      continue;
    }
    const rest = words.slice(at).join(' ');
    const next = keys.map((k) => k.split(' ')).find((k) => `${rest} `.startsWith(`${k.join(' ')} `));
    if (!next) return false;
    at += next.length;
  }
  return true;
}

/**
 * An article's keywords: the ones given first (the channel's hashtags, a model's list), then
 * the text's own topics, all through the same filter and spelled as the text spells them.
 */
export function articleTopics(input: { text: string; title?: string; given?: readonly string[]; max: number }): string[] {
  const found = extractTopics(input.text, { title: input.title, max: input.max * 2, names: input.given });
  return cleanTopics([...(input.given ?? []), ...found], input.max, `${input.title ?? ''}\n${input.text}`);
}
