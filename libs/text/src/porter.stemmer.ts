/**
 * The Porter (1980) stemmer, as in Martin Porter's reference C implementation (including its two
 * departures from the paper: `bli`→`ble` and `logi`→`log`). Input: a lowercase a–z word; anything else
 * is returned unchanged, as are words of one or two letters.
 */
type Rule = readonly [suffix: string, replacement: string];

const STEP2: Rule[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];
const STEP3: Rule[] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const STEP4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
].map((suffix): Rule => [suffix, '']);

// The paper takes the longest matching suffix of a step, and only that one, even when its condition fails.
for (const rules of [STEP2, STEP3, STEP4]) rules.sort((a, b) => b[0].length - a[0].length);

const ASCII_WORD = /^[a-z]+$/;

export function porterStem(word: string): string {
  if (word.length <= 2 || !ASCII_WORD.test(word)) return word;
  let w = step1a(word);
  w = step1b(w);
  w = step1c(w);
  w = applyLongest(w, STEP2, (stem) => measure(stem) > 0);
  w = applyLongest(w, STEP3, (stem) => measure(stem) > 0);
  w = applyLongest(w, STEP4, (stem, suffix) => measure(stem) > 1 && (suffix !== 'ion' || stem.endsWith('s') || stem.endsWith('t')));
  return step5(w);
}

function isConsonant(w: string, i: number): boolean {
  const c = w[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false;
  // `y` is a vowel after a consonant (`happy`), a consonant at the start or after a vowel (`yes`, `toy`).
  if (c === 'y') return i === 0 || !isConsonant(w, i - 1);
  return true;
}

/** m in [C](VC)^m[V]: the number of vowel-consonant sequences. */
function measure(w: string): number {
  let m = 0;
  let i = 0;
  while (i < w.length && isConsonant(w, i)) i++;
  while (i < w.length) {
    while (i < w.length && !isConsonant(w, i)) i++;
    if (i >= w.length) break;
    while (i < w.length && isConsonant(w, i)) i++;
    m++;
  }
  return m;
}

function hasVowel(w: string): boolean {
  for (let i = 0; i < w.length; i++) if (!isConsonant(w, i)) return true;
  return false;
}

function endsWithDoubleConsonant(w: string): boolean {
  const n = w.length;
  return n >= 2 && w[n - 1] === w[n - 2] && isConsonant(w, n - 1);
}

/** *o: ends consonant-vowel-consonant, the last not w, x or y (`hop`, `fil`, not `snow`). */
function endsCvc(w: string): boolean {
  const n = w.length;
  return n >= 3 && isConsonant(w, n - 3) && !isConsonant(w, n - 2) && isConsonant(w, n - 1) && !'wxy'.includes(w[n - 1]);
}

function applyLongest(w: string, rules: Rule[], condition: (stem: string, suffix: string) => boolean): string {
  for (const [suffix, replacement] of rules) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, w.length - suffix.length);
    return condition(stem, suffix) ? stem + replacement : w;
  }
  return w;
}

function step1a(w: string): string {
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ies')) return w.slice(0, -2);
  if (w.endsWith('ss')) return w;
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

function step1b(w: string): string {
  if (w.endsWith('eed')) return measure(w.slice(0, -3)) > 0 ? w.slice(0, -1) : w;
  const suffix = w.endsWith('ed') ? 'ed' : w.endsWith('ing') ? 'ing' : '';
  if (!suffix) return w;
  const stem = w.slice(0, w.length - suffix.length);
  if (!hasVowel(stem)) return w;
  // Tidy the stem so later steps see `hope`, `hop`, `size` rather than `hop`, `hopp`, `siz`.
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return `${stem}e`;
  if (endsWithDoubleConsonant(stem) && !'lsz'.includes(stem[stem.length - 1])) return stem.slice(0, -1);
  if (measure(stem) === 1 && endsCvc(stem)) return `${stem}e`;
  return stem;
}

function step1c(w: string): string {
  return w.endsWith('y') && hasVowel(w.slice(0, -1)) ? `${w.slice(0, -1)}i` : w;
}

function step5(word: string): string {
  let w = word;
  if (w.endsWith('e')) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) w = stem;
  }
  if (w.endsWith('ll') && measure(w) > 1) w = w.slice(0, -1);
  return w;
}
