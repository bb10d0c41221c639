import type { ContextKind } from '@lectern/parsing';
import { splitSentences } from '@lectern/text';
import type { TokenCounter } from '@lectern/text';

/** A unit the packer may not cut: a whole block, or a sentence / line / word / slice of an oversized one. */
export interface Piece {
  text: string;
  tokens: number;
  /** Put between this piece and the previous one when both land in one context. */
  joiner: string;
}

/** Kinds whose text is split by lines first: a table row, an equation line, a contents entry. */
const LINE_KINDS: ReadonlySet<ContextKind> = new Set<ContextKind>(['table', 'equation', 'toc']);

/**
 * Cuts `text` into pieces of at most `maxTokens` each, coarsest first: the whole text, then sentences
 * (prose) or lines (tables, equations), then words, then character slices for a single giant word.
 * Joining the pieces with their joiners gives the text back, up to whitespace between them.
 */
export function splitToFit(text: string, kind: ContextKind, joiner: string, maxTokens: number, counter: TokenCounter): Piece[] {
  const tokens = counter.count(text);
  if (tokens <= maxTokens) return [{ text, tokens, joiner }];
  const byLines = LINE_KINDS.has(kind);
  const parts = byLines ? splitLines(text) : splitSentences(text);
  if (parts.length > 1) return splitParts(parts, byLines ? '\n' : ' ', joiner, kind, maxTokens, counter);
  const words = text.split(/\s+/).filter((word) => word.length > 0);
  if (words.length > 1) return splitParts(words, ' ', joiner, 'text', maxTokens, counter);
  return sliceWord(text, joiner, maxTokens, counter);
}

function splitParts(
  parts: string[],
  innerJoiner: string,
  firstJoiner: string,
  kind: ContextKind,
  maxTokens: number,
  counter: TokenCounter,
): Piece[] {
  // Once split, a part is re-split as prose: a table line goes to words, a sentence to words.
  const nextKind: ContextKind = LINE_KINDS.has(kind) ? 'text' : kind;
  return parts.flatMap((part, index) => splitToFit(part, nextKind, index === 0 ? firstJoiner : innerJoiner, maxTokens, counter));
}

function splitLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/**
 * A single whitespace-free run over budget (a sequence, a URL): cut it into the longest slices that fit.
 * The slices join with '' so packing two of them together restores the original characters.
 */
function sliceWord(word: string, joiner: string, maxTokens: number, counter: TokenCounter): Piece[] {
  const pieces: Piece[] = [];
  const chars = Array.from(word); // code points, so a slice never splits a surrogate pair
  let start = 0;
  while (start < chars.length) {
    // Binary search for the longest slice from `start` that fits; counts grow with slice length.
    let low = 1;
    let high = chars.length - start;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (counter.count(chars.slice(start, start + mid).join('')) <= maxTokens) low = mid;
      else high = mid - 1;
    }
    const text = chars.slice(start, start + low).join('');
    pieces.push({ text, tokens: counter.count(text), joiner: start === 0 ? joiner : '' });
    start += low;
  }
  return pieces;
}
