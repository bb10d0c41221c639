/**
 * Rule-based sentence splitting for scientific prose. A sentence ends at `.`, `!` or `?` (plus closing
 * quotes/brackets) followed by whitespace and a character that is not lowercase — unless the period
 * closes an abbreviation papers use mid-sentence (`e.g.`, `et al.`, `Fig. 3`) or an initial (`J. Smith`).
 * Decimals (`0.05`) never match because no whitespace follows their period. A Chinese or Japanese sentence ends at
 * `。`, `！` or `？` (plus closing quotes/brackets), with or without a space after it.
 */
const ABBREVIATIONS = new Set([
  'e.g',
  'eg',
  'i.e',
  'ie',
  'al',
  'cf',
  'vs',
  'viz',
  'resp',
  'approx',
  'ca',
  'incl',
  'a.k.a',
  'n.b',
  'fig',
  'figs',
  'eq',
  'eqs',
  'eqn',
  'eqns',
  'sec',
  'secs',
  'sect',
  'tab',
  'tbl',
  'ref',
  'refs',
  'ch',
  'chap',
  'thm',
  'lem',
  'def',
  'prop',
  'cor',
  'app',
  'appx',
  'suppl',
  'supp',
  'vol',
  'pp',
  'ed',
  'eds',
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'st',
  'jr',
  'sr',
  'inc',
  'ltd',
  'corp',
  'dept',
  'univ',
  'est',
  'std',
  'avg',
]);
/** Ordinary words too, so they only count as abbreviations before a number: `No. 5`, `p. 12`. */
const NUMBER_ABBREVIATIONS = new Set(['no', 'nos', 'p']);

const CANDIDATE_END = /[.!?]+["'”’)\]]*(?=\s)|[。！？]+[」』"'”’)）\]]*/g;
/** Chinese and Japanese full stops: a sentence ends there whatever follows, as no space separates the next one. */
const CJK_STOP = /^[。！？]/;
const LOWERCASE_START = /^\p{Ll}/u;
const DIGIT_START = /^\p{N}/u;
const SINGLE_INITIAL = /^\p{Lu}$/u;

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(CANDIDATE_END)) {
    const end = match.index + match[0].length;
    const next = firstCharAfterSpace(text, end);
    if (next === '' || !(CJK_STOP.test(match[0]) || endsSentence(text, match.index, match[0], next))) continue;
    pushTrimmed(sentences, text.slice(start, end));
    start = end;
  }
  pushTrimmed(sentences, text.slice(start));
  return sentences;
}

function endsSentence(text: string, punctuationAt: number, punctuation: string, next: string): boolean {
  if (LOWERCASE_START.test(next)) return false;
  if (punctuation[0] !== '.' || punctuation.startsWith('..')) return true;
  const word = wordBefore(text, punctuationAt);
  if (SINGLE_INITIAL.test(word)) return false;
  const lower = word.toLowerCase();
  if (ABBREVIATIONS.has(lower)) return false;
  if (NUMBER_ABBREVIATIONS.has(lower) && DIGIT_START.test(next)) return false;
  return true;
}

function firstCharAfterSpace(text: string, from: number): string {
  let at = from;
  while (at < text.length && /\s/.test(text[at])) at++;
  if (at >= text.length) return '';
  return String.fromCodePoint(text.codePointAt(at) ?? 0);
}

/** The token right before the period, without opening brackets or quotes: `(e.g.` → `e.g`. */
function wordBefore(text: string, punctuationAt: number): string {
  let from = punctuationAt;
  while (from > 0 && !/\s/.test(text[from - 1])) from--;
  return text.slice(from, punctuationAt).replace(/^[("'“‘[]+/, '');
}

function pushTrimmed(into: string[], piece: string): void {
  const trimmed = piece.trim();
  if (trimmed.length > 0) into.push(trimmed);
}
