import { answerWords, porterStem, withCjkWordsSplit } from '@lectern/text';

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A word with its inflection dropped (plural, past, gerund, -ly): "infections" and "infection" share one, "capital"
 * and "capitalized" do not, though porter stems both to "capit".
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

/** "stopped" → "stopp" → "stop", so it meets "stop"; "assessed" keeps its "ss" ("called", "buzzed" alike). */
function undouble(stem: string): string {
  return stem.replace(/([^slzf])\1$/, '$1');
}

/**
 * Suffixes that make a noun or adjective of the same act or thing ("assessed" → "assessment", "infect" →
 * "infection"), where the meaning stays; "-ize" ("capitalized") and "-al" change it, so they are not here.
 */
const SAME_FAMILY = ['ment', 'ion', 'ation', 'ive', 'or', 'er', 'ity', 'ence', 'ance'];

/** Whether two inflection keys are one word up to inflection or a SAME_FAMILY suffix (a final "e" dropped). */
export function sameFamily(a: string, b: string): boolean {
  const [x, y] = [a, b].map((key) => (key.endsWith('e') ? key.slice(0, -1) : key));
  if (x === y) return true;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return long.startsWith(short) && SAME_FAMILY.includes(long.slice(short.length));
}

/** Per stem of the question's terms (stemmedQuestionTerms), the inflection keys of the question's words with it. */
export type QuestionSurfaces = ReadonlyMap<string, ReadonlySet<string>>;

export function questionSurfaces(question: string): QuestionSurfaces {
  const surfaces = new Map<string, Set<string>>();
  // The question's words as stemmedQuestionTerms takes them (CJK runs as their bigrams).
  for (const word of answerWords(question)) {
    const stem = porterStem(word);
    const keys = surfaces.get(stem) ?? new Set<string>();
    keys.add(inflectionKey(word));
    surfaces.set(stem, keys);
  }
  return surfaces;
}

/** The question's stems that `text` holds as the question's words up to inflection (or sameFamily). */
export function surfaceStems(text: string, surfaces: QuestionSurfaces): Set<string> {
  const held = new Set<string>();
  for (const word of withCjkWordsSplit(text.toLowerCase().match(WORD) ?? [])) {
    const stem = porterStem(word);
    const keys = surfaces.get(stem);
    if (!keys || held.has(stem)) continue;
    const key = inflectionKey(word);
    if ([...keys].some((k) => sameFamily(k, key))) held.add(stem);
  }
  return held;
}
