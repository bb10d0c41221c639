import { ENGLISH_STOPWORDS } from '@lectern/text';
import { dominantScript, scriptOf } from './letter-scripts';

/**
 * Whether a page's text layer can be used. `empty`: almost no text (a scan, a figure-only page); `garbage`: text whose
 * characters are not the ones printed — a font with a broken or missing ToUnicode map yields private-use code points,
 * U+FFFD, control characters, or letters shifted into unpronounceable strings. Both are read by OCR instead.
 */
export type PageTriage = 'text' | 'empty' | 'garbage';

/** Fewer visible characters than this on a page: no usable text layer (page numbers and stamps are shorter). */
const MIN_PAGE_CHARS = 16;
/** Code points that never come out of a correct ToUnicode map: private use, replacement, controls, non-characters. */
const BROKEN = /[\uE000-\uF8FF\uFFFD\uFFFE\uFFFF\u0000-\u0008\u000e-\u001f\u007f-\u009f]/gu;
const LATIN_WORD = /\p{Script=Latin}{3,}/gu;
const VOWEL = /[aeiouyàáâãäåèéêëìíîïòóôõöùúûüýÿæœ]/i;
const CONSONANT_RUN = /[^aeiouyàáâãäåèéêëìíîïòóôõöùúûüýÿæœ\W\d_]{5,}/i;

export interface TextStatistics {
  visible: number;
  /** Share of visible characters that are broken code points. */
  broken: number;
  /** Share of visible characters that are letters (any script). */
  letters: number;
  /** Latin words of three letters or more, and the share of them that look like words of a European language. */
  latinWords: number;
  wordLike: number;
  /** Share of Latin words that are English stopwords (one signal among several: the text may not be English). */
  stopwords: number;
  /** The script most letters are in, and their share of the letters: the word tests above only judge Latin text. */
  script: string;
  scriptShare: number;
}

export function textStatistics(text: string): TextStatistics {
  const visible = text.replace(/\s/g, '');
  const n = visible.length;
  const broken = (visible.match(BROKEN) ?? []).length;
  const letters = (visible.match(/\p{L}/gu) ?? []).length;
  const words = text.match(LATIN_WORD) ?? [];
  const wordLike = words.filter(isWordLike).length;
  const tokens = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const stop = tokens.filter((t) => ENGLISH_STOPWORDS.has(t)).length;
  const { script, share } = dominantScript(visible);
  return {
    visible: n,
    broken: n ? broken / n : 0,
    letters: n ? letters / n : 0,
    latinWords: words.length,
    wordLike: words.length ? wordLike / words.length : 1,
    stopwords: tokens.length ? stop / tokens.length : 0,
    script,
    scriptShare: share,
  };
}

/** A vowel, no run of five consonants, and no mixed case inside the word (`xQzvB`), as words in European languages. */
function isWordLike(word: string): boolean {
  if (!VOWEL.test(word) || CONSONANT_RUN.test(word)) return false;
  return !/\p{Ll}\p{Lu}/u.test(word);
}

export function triagePageText(text: string): PageTriage {
  const s = textStatistics(text);
  if (s.visible < MIN_PAGE_CHARS) return 'empty';
  if (s.broken > 0.1) return 'garbage';
  // Tables of numbers have few letters but real ones; mojibake has few letters and no words.
  if (s.letters < 0.25 && s.latinWords < 5) return 'garbage';
  // Chinese, Russian, Greek… text is read as it is: its few Latin words (names, URLs, units) say nothing of it, and an
  // OCR model for another script would only turn it into noise.
  if (s.script !== 'Latin') return 'text';
  // Shifted letters: most "words" unpronounceable, and hardly a stopword (English text has 30–50 %).
  if (s.latinWords >= 8 && s.wordLike < 0.6 && s.stopwords < 0.05) return 'garbage';
  return 'text';
}

/**
 * How much of a text reads as writing: letters in tokens of one script, Latin ones only in word-like words of three
 * letters or more. Compares a text layer with what OCR made of the same page — the one with fewer is the worse.
 */
export function readableLetters(text: string): number {
  let n = 0;
  for (const token of text.match(/\p{L}+/gu) ?? []) {
    const scripts = new Set([...token].map(scriptOf));
    if (scripts.size !== 1 || scripts.has('Other')) continue;
    if (!scripts.has('Latin')) n += [...token].length;
    else if (token.length >= 3 && isWordLike(token)) n += token.length;
  }
  return n;
}
