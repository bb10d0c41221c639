/**
 * Finds where, inside a paragraph of PDF text, a displayed formula was flattened into symbol soup
 * ("… is given by ∑ (F ∗ k)(p) = F (s)k(t). (1) where …"): the PDF.js parser and GROBID both fold display
 * math into the surrounding paragraph. The span is bounded by the prose before it (the equation's context,
 * or a run of ordinary words) and by its number `(N)` or the prose after it.
 */
import { diceOfMultisets, latexGlyphs, textGlyphs } from './text-similarity';

export interface FormulaSpan {
  start: number;
  end: number;
  /** How much the span's characters agree with the LaTeX (0–1); 0 for an empty span. */
  similarity: number;
}

/** A formula flattened into a paragraph is rarely longer than this; more means the bounds are wrong. */
const MAX_SPAN_CHARS = 400;
/** The span must carry at most this many times the formula's glyphs (plus slack for the number). */
const MAX_GLYPH_RATIO = 2.5;
const TAIL_WORDS = 4;
// Words that occur inside formulas and must not end one.
const MATH_WORDS = new Set(
  'max min arg argmax argmin softmax exp log ln sin cos tan tanh lim sup inf det dim mod if otherwise s.t'.split(' '),
);

/** Span ending with the equation number `(tag)`; starts after the context when it is in the same text. */
export function spanBeforeTag(text: string, tag: string, latex: string, context: string): FormulaSpan | undefined {
  let best: FormulaSpan | undefined;
  const tagPattern = new RegExp(`\\(\\s*${escapeRegExp(tag)}\\s*\\)`, 'g');
  for (const match of text.matchAll(tagPattern)) {
    const end = match.index + match[0].length;
    const anchor = contextEnd(text.slice(0, match.index), context);
    const start = anchor !== undefined && match.index - anchor <= MAX_SPAN_CHARS ? anchor : walkBackOverFormula(text, match.index);
    if (start === undefined) continue;
    const span = scored(text, start, end, latex);
    if (span && (!best || span.similarity > best.similarity)) best = span;
  }
  return best;
}

/** Span starting right after the equation's context, running until the prose resumes. */
export function spanAfterContext(text: string, latex: string, context: string): FormulaSpan | undefined {
  const start = contextEnd(text, context);
  if (start === undefined) return undefined;
  const end = walkForwardOverFormula(text, start);
  return scored(text, start, end, latex) ?? { start, end: start, similarity: 0 };
}

/** End offset of the context's last words in `text` (their last occurrence), if present. */
export function contextEnd(text: string, context: string): number | undefined {
  const words = context
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(-TAIL_WORDS);
  if (words.length < 2) return undefined;
  const pattern = new RegExp(words.map(escapeRegExp).join('[^\\p{L}\\p{N}]+'), 'giu');
  const { normalized, offsets } = nfkcWithOffsets(text);
  let end: number | undefined;
  for (const match of normalized.matchAll(pattern)) end = match.index + match[0].length;
  return end === undefined ? undefined : offsets[end];
}

/** NFKC (ligatures such as "ﬁ" become "fi") with a map from each normalised offset back to the original. */
function nfkcWithOffsets(text: string): { normalized: string; offsets: number[] } {
  let normalized = '';
  const offsets: number[] = [];
  let index = 0;
  for (const char of text) {
    const folded = char.normalize('NFKC');
    for (let i = 0; i < folded.length; i++) offsets.push(index);
    normalized += folded;
    index += char.length;
  }
  offsets.push(index);
  return { normalized, offsets };
}

function scored(text: string, start: number, end: number, latex: string): FormulaSpan | undefined {
  const raw = text.slice(start, end);
  if (!raw.trim() || raw.length > MAX_SPAN_CHARS) return undefined;
  const formula = latexGlyphs(latex);
  const found = textGlyphs(raw);
  if (found.length > formula.length * MAX_GLYPH_RATIO + 6) return undefined;
  return { start, end, similarity: diceOfMultisets(formula, found) };
}

const isProseWord = (token: string) => {
  const word = token.replace(/[,.;:!?]+$/, '');
  return /^\p{Lu}?\p{Ll}+$/u.test(word) && word.length >= 2 && !MATH_WORDS.has(word.toLowerCase());
};

interface Token {
  text: string;
  start: number;
  end: number;
}

function tokens(text: string): Token[] {
  return [...text.matchAll(/\S+/g)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));
}

/** Back from `from` until two ordinary words in a row: the formula starts after them. */
function walkBackOverFormula(text: string, from: number): number | undefined {
  const before = tokens(text.slice(0, from));
  let run = 0;
  let start = 0;
  for (let i = before.length - 1; i >= 0; i--) {
    if (from - before[i].start > MAX_SPAN_CHARS) return undefined;
    if (!isProseWord(before[i].text)) {
      run = 0;
      continue;
    }
    run++;
    if (run === 1) start = before[i].end;
    if (run === 2) return start;
  }
  return 0;
}

/** Forward from `from` until two ordinary words in a row: the formula ends before them. */
function walkForwardOverFormula(text: string, from: number): number {
  const after = tokens(text.slice(from)).map((token) => ({ ...token, start: token.start + from, end: token.end + from }));
  let run = 0;
  let end = from;
  for (const token of after) {
    if (token.start - from > MAX_SPAN_CHARS) return from;
    if (!isProseWord(token.text)) {
      run = 0;
      end = token.end;
      continue;
    }
    run++;
    if (run === 2) return end;
  }
  return end;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
