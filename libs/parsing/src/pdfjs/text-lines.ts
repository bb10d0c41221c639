import type { TextLine, TextRun } from './layout.types';
import { joinCjkLetterSpacing } from './cjk-text';
import { splitStackedRuns } from './stacked-runs';
import { KNOWN_SECTION, letters } from './text-patterns';

/** Rows are matched against this many most recent rows; runs arrive sorted top-down. */
const ROW_LOOKBACK = 12;
/** A horizontal gap wider than this many font sizes separates two lines (column gutter, table cell). */
const SPLIT_GAP_EM = 1.0;
/** A justified line is recognised from this many one-word pieces on, with gaps up to this many font sizes. */
const MIN_JUSTIFIED_WORDS = 4;
const MAX_JUSTIFIED_GAP_EM = 3;
const SECTION_NUMBER = /^(\d{1,2}(\.\d{1,2}){0,3}\.?|[IVX]{1,5}\.?|[A-H](\.\d{1,2}){0,2}\.?)$/;
/** A gap wider than this many font sizes between runs means a word space when none is written. */
const SPACE_GAP_EM = 0.12;

interface Row {
  /** Box of the row's main text, not stretched by super- or subscripts. */
  top: number;
  bottom: number;
  mainSize: number;
  runs: TextRun[];
}

const boxOf = (run: TextRun) => ({ top: run.y + 0.75 * run.size, bottom: run.y - 0.22 * run.size });

/** Groups a page's runs into lines: same row (vertical overlap), then split at wide horizontal gaps. */
export function assembleLines(runs: TextRun[], page: number): TextLine[] {
  const sorted = [...runs].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Row[] = [];
  for (const run of sorted) {
    const box = boxOf(run);
    let best: Row | undefined;
    let bestOverlap = 0;
    for (let i = rows.length - 1; i >= Math.max(0, rows.length - ROW_LOOKBACK); i--) {
      const row = rows[i];
      const overlap = Math.min(row.top, box.top) - Math.max(row.bottom, box.bottom);
      const ratio = overlap / Math.min(row.top - row.bottom, box.top - box.bottom);
      if (ratio >= 0.5 && ratio > bestOverlap) {
        best = row;
        bestOverlap = ratio;
      }
    }
    if (!best) {
      rows.push({ ...box, mainSize: run.size, runs: [run] });
      continue;
    }
    best.runs.push(run);
    if (run.size > best.mainSize + 0.1) {
      best.mainSize = run.size;
      best.top = box.top;
      best.bottom = box.bottom;
    }
  }
  const lines: TextLine[] = [];
  for (const row of rows) {
    const segments = splitRow(row);
    for (const segment of segments) {
      const line = toLine(segment, page, segments.length);
      if (line) lines.push(line);
    }
  }
  return lines.sort((a, b) => b.y - a.y || a.x0 - b.x0);
}

function splitRow(row: Row): TextRun[][] {
  const runs = row.runs.sort((a, b) => a.x - b.x);
  const segments: TextRun[][] = [[runs[0]]];
  let right = runs[0].x1;
  for (let i = 1; i < runs.length; i++) {
    const run = runs[i];
    const gap = run.x - right;
    const em = Math.max(Math.min(run.size, row.mainSize), row.mainSize * 0.6);
    const current = segments[segments.length - 1];
    // Some templates set the section number well apart from the title ("1      Introduction").
    const numberOnly =
      SECTION_NUMBER.test(
        current
          .map((r) => r.text)
          .join('')
          .trim(),
      ) && gap < 4 * em;
    if (gap > SPLIT_GAP_EM * em && run.text.trim() !== '' && !numberOnly) segments.push([run]);
    else segments[segments.length - 1].push(run);
    right = Math.max(right, run.x1);
  }
  return joinJustified(segments.flatMap(splitStackedRuns), row.mainSize);
}

/**
 * Justified lines among a row's segments, each made one segment again. The row is first parted where a piece is a
 * phrase, changes font or size, or lies further off than a word space can be: the other column's line, a heading
 * or a superscript may share the row with a justified line.
 */
function joinJustified(segments: TextRun[][], em: number): TextRun[][] {
  const groups: TextRun[][][] = [];
  const styleOf = (segment: TextRun[]) => {
    const run = segment.find((r) => r.text.trim()) ?? segment[0];
    return `${run.font}|${run.size.toFixed(1)}`;
  };
  const isWord = (segment: TextRun[]) =>
    !/\s/.test(
      segment
        .map((r) => r.text)
        .join('')
        .trim(),
    );
  segments.forEach((segment, i) => {
    const previous = segments[i - 1];
    const apart =
      !previous ||
      !isWord(segment) ||
      !isWord(previous) ||
      styleOf(segment) !== styleOf(previous) ||
      segment[0].x - Math.max(...previous.map((r) => r.x1)) > MAX_JUSTIFIED_GAP_EM * em;
    if (apart) groups.push([segment]);
    else groups[groups.length - 1].push(segment);
  });
  return groups.flatMap((group) => (isJustifiedWords(group, em) ? [group.flat()] : group));
}

/**
 * A justified line set with wide word spaces (a bold heading's second line) splits into one word per segment; it is
 * still one line when every piece is one word in the same font, size and baseline and the gaps are all alike —
 * table cells and column gutters leave gaps of differing widths (or whole phrases between them).
 */
function isJustifiedWords(segments: TextRun[][], em: number): boolean {
  if (segments.length < MIN_JUSTIFIED_WORDS) return false;
  const inked = segments.flat().filter((r) => r.text.trim());
  const first = inked[0];
  const alike = (r: TextRun) => r.font === first.font && Math.abs(r.size - first.size) < 0.1 && Math.abs(r.y - first.y) < 0.1 * first.size;
  if (!inked.every(alike)) return false;
  const words = segments.map((segment) =>
    segment
      .map((r) => r.text)
      .join('')
      .trim(),
  );
  if (words.some((w) => /\s/.test(w)) || words.filter((w) => /\p{L}/u.test(w)).length < 0.75 * words.length) return false;
  const gaps = segments.slice(1).map((segment, i) => segment[0].x - Math.max(...segments[i].map((r) => r.x1)));
  const sorted = [...gaps].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return median <= MAX_JUSTIFIED_GAP_EM * em && sorted[sorted.length - 1] - sorted[0] <= Math.max(0.5, 0.1 * median);
}

export function toLine(runs: TextRun[], page: number, rowPeers: number): TextLine | null {
  const chars = new Map<string, number>();
  let bold = 0;
  let visible = 0;
  for (const run of runs) {
    const n = run.text.replace(/\s/g, '').length;
    visible += n;
    if (run.bold) bold += n;
    const key = `${run.size.toFixed(1)}|${run.font}`;
    chars.set(key, (chars.get(key) ?? 0) + n);
  }
  if (visible === 0) return null;
  const dominantKey = [...chars.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const sizeText = dominantKey.slice(0, dominantKey.indexOf('|'));
  const capitals = smallCapsCapitalSize(runs);
  // A small-caps line is as large as its capitals: its lowercase letters are only drawn smaller.
  const size = capitals !== null ? Math.round(capitals * 10) / 10 : Number(sizeText);
  const font = dominantKey.slice(sizeText.length + 1);
  const main = runs.find((r) => r.size.toFixed(1) === sizeText && r.text.trim()) ?? runs[0];
  let text = '';
  let prev: TextRun | undefined;
  for (const [k, run] of runs.entries()) {
    if (isFootnoteMarker(run, main, text)) continue;
    if (capitals !== null && prev && !run.text.trim() && isWordRest(prev, runs[k + 1])) continue;
    const piece = closeGridSpacing(capitals && run.size < capitals - 0.5 ? run.text.toLowerCase() : run.text, run);
    if (prev) {
      const gap = run.x - prev.x1;
      const hasSpace = /\s$/.test(text) || /^\s/.test(piece);
      // "I" + "ntroduction": a capital followed by the small letters of its own word.
      const sameWord = capitals !== null && /\p{L}$/u.test(text) && isWordRest(prev, run);
      if (!hasSpace && !sameWord && gap > SPACE_GAP_EM * Math.min(run.size, prev.size)) text += ' ';
    }
    text += piece;
    prev = run;
  }
  // Symbol fonts without a Unicode map yield control characters.
  const clean = joinCjkLetterSpacing(
    joinLetterSpaced(
      fixAccents(
        text
          .replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, '')
          .replace(/\s+/g, ' ')
          .trim(),
      ),
      runs,
    ),
    (joined) => KNOWN_SECTION.test(joined),
  );
  if (!clean) return null;
  const inked = runs.filter((r) => r.text.trim());
  const x0 = Math.min(...inked.map((r) => r.x));
  const x1 = Math.max(...inked.map((r) => r.x1));
  const line: TextLine = { page, text: clean, x0, x1, y: main.y, size, font, boldRatio: bold / visible, runs, rowPeers };
  if (capitals !== null) line.smallCaps = true;
  return line;
}

/**
 * Small capitals drawn as capitals at two sizes ("I" at 12 pt, "NTRODUCTION" at 8 pt), or with the small
 * letters mapped to lowercase ("I" + "ntroductIon"): the size of the capitals, or null for any other line.
 * Every letter must be a capital or belong to the smaller runs, and each word start with a large capital.
 */
function smallCapsCapitalSize(runs: TextRun[]): number | null {
  const inked = runs.filter((r) => /\p{L}/u.test(r.text));
  if (inked.length < 2) return null;
  const large = Math.max(...inked.map((r) => r.size));
  const small = inked.filter((r) => r.size < large - 0.5);
  if (small.length === 0 || small.some((r) => r.size < 0.55 * large || r.size > 0.92 * large)) return null;
  const bigRuns = inked.filter((r) => r.size >= large - 0.5);
  if (!bigRuns.every((r) => /^[\p{Lu}\d\s\p{P}]+$/u.test(r.text) && letters(r.text) <= 2)) return null;
  return large;
}

/** The smaller letters right after a large capital: the rest of the capital's word, whatever space lies between. */
const isWordRest = (capital: TextRun, next: TextRun | undefined): boolean =>
  next !== undefined && capital.size > next.size + 0.5 && /^\p{L}[^\s]*\p{Ll}/u.test(next.text) && next.x - capital.x1 < 0.3 * capital.size;

/** Four or more single letters in a row, one space apart ("n o t h i n g"). */
const SPACED_LETTERS = /(?<=^|\s)\p{L}(?: \p{L}){3,}(?=\s|$)/gu;
/**
 * Advance per character, spaces counted, in font sizes: letters with real spaces between them take 0.4 em or more
 * ("a b c d"), letters on a listing's grid about 0.35 em, as the spaces read between them take no room of their own.
 */
const GRID_ADVANCE_EM = 0.38;

/**
 * A code listing set on a fixed grid ("columns=fixed") spaces each letter to the column width, and the text layer
 * reads a space between them ("Case i n s e n s i t i v e"). Where such letters make most of a run and the run is too
 * narrow for real spaces, they are one word. Letter-spaced capitals ("R E S E A R C H") are set far wider.
 */
function closeGridSpacing(text: string, run: TextRun): string {
  const spaced = text.match(SPACED_LETTERS);
  if (!spaced) return text;
  const share = spaced.reduce((n, s) => n + s.length, 0) / text.trim().length;
  if (share < 0.6 || (run.x1 - run.x) / text.trim().length >= GRID_ADVANCE_EM * run.size) return text;
  return text.replace(SPACED_LETTERS, (letters) => letters.replace(/ /g, ''));
}

/** "A B S T R A C T" → "ABSTRACT"; spaced words ("A R T I C L E   I N F O") keep the wider gap between them. */
function joinLetterSpaced(text: string, runs: TextRun[]): string {
  const tokens = text.split(' ');
  if (tokens.length < 4 || tokens.some((t) => t.length !== 1) || letters(text) < 4) return text;
  const letterRuns = runs.filter((r) => r.text.trim().length === 1);
  if (letterRuns.length !== tokens.length) return tokens.join('');
  const gaps = letterRuns.slice(1).map((r, i) => r.x - letterRuns[i].x1);
  const usual = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)];
  return letterRuns.map((r, i) => (i > 0 && gaps[i - 1] > 1.8 * usual + 0.5 ? ' ' : '') + r.text.trim()).join('');
}

/**
 * A small raised run of digits or symbols right after a word is a footnote or affiliation marker
 * (`competitive¹`, `Cohan†∗`); after a digit it is an exponent (`10²⁸`) and stays.
 */
function isFootnoteMarker(run: TextRun, main: TextRun, before: string): boolean {
  if (run.size > 0.85 * main.size || run.y < main.y + 0.15 * main.size) return false;
  if (!/^[\s\d,*\u2020\u2021\u00a7\u00b6\u2217\u2016#a-e]*$/.test(run.text) || !run.text.trim()) return false;
  return /[A-Za-z\u00c0-\u024f)\].,;:'’"”]\s*$/.test(before);
}

/** TeX's OT1 fonts draw accents as separate spacing glyphs before the letter: `Maestr´ıa`, `Erd˝os`. */
const SPACING_TO_COMBINING: Record<string, string> = {
  '\u00b4': '\u0301', // acute
  '\u00a8': '\u0308', // diaeresis
  '\u02c6': '\u0302', // circumflex
  '\u02dc': '\u0303', // tilde
  '\u02c7': '\u030c', // caron
  '\u02da': '\u030a', // ring
  '\u02dd': '\u030b', // double acute
};
const ACCENT_BEFORE_LETTER = /([\u00b4\u00a8\u02c6\u02dc\u02c7\u02da\u02dd])\s?([A-Za-z\u0131])/g;

/**
 * An acute accent closing a word ("authors´ roles") is an apostrophe typed with the wrong key, not an accent on "r";
 * before a lone letter or a dotless ı ("Universit´ e", "Mart´ ınez") it is TeX's accent with a space before its letter.
 * Before an English clitic that ends the word ("germany´s bundestag", "don´t") it is an apostrophe again: no accent
 * on a final s, t, d, m, ll, re or ve spells a word in a language these papers are written in.
 */
const ACUTE_AS_APOSTROPHE = /(\p{L})\u00b4(?=$|\s+(?![A-Za-z]\b|\u0131)|(?:s|t|d|m|ll|re|ve)(?![\p{L}\p{M}]))/gu;

export function fixAccents(text: string): string {
  if (!/[\u00b4\u00a8\u02c6\u02dc\u02c7\u02da\u02dd]/.test(text)) return text;
  return text
    .replace(ACUTE_AS_APOSTROPHE, '$1\u2019')
    .replace(
      ACCENT_BEFORE_LETTER,
      (_, accent: string, letter: string) => (letter === '\u0131' ? 'i' : letter) + SPACING_TO_COMBINING[accent],
    )
    .normalize('NFC');
}
