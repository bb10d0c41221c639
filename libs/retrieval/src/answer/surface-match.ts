import { porterStem, QUESTION_STOPWORDS } from '@lectern/text';

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A word with its inflection dropped (plural, past, gerund, -ly), nothing more: "infections" and "infection" share
 * one, "capital" and "capitalized" do not, though porter stems both to "capit".
 */
export function inflectionKey(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 5 && w.endsWith('ing')) return undouble(w.slice(0, -3));
  if (w.length > 4 && w.endsWith('ed')) return undouble(w.slice(0, -2));
  if (w.length > 4 && (w.endsWith('ly') || w.endsWith('es'))) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** "stopped" → "stopp" → "stop", so it meets "stop". */
function undouble(stem: string): string {
  return stem.replace(/(.)\1$/, '$1');
}

/** Per stem of the question's terms (stemmedQuestionTerms), the inflection keys of the question's words with it. */
export type QuestionSurfaces = ReadonlyMap<string, ReadonlySet<string>>;

export function questionSurfaces(question: string): QuestionSurfaces {
  const surfaces = new Map<string, Set<string>>();
  for (const word of question.toLowerCase().match(WORD) ?? []) {
    if (word.length <= 1 || QUESTION_STOPWORDS.has(word)) continue;
    const stem = porterStem(word);
    const keys = surfaces.get(stem) ?? new Set<string>();
    keys.add(inflectionKey(word));
    surfaces.set(stem, keys);
  }
  return surfaces;
}

/** The question's stems that `text` holds as the question's words up to inflection. */
export function surfaceStems(text: string, surfaces: QuestionSurfaces): Set<string> {
  const held = new Set<string>();
  for (const word of text.toLowerCase().match(WORD) ?? []) {
    const stem = porterStem(word);
    if (surfaces.get(stem)?.has(inflectionKey(word))) held.add(stem);
  }
  return held;
}
