import type { Piece } from './piece.splitter';
import type { TokenCounter } from '@lectern/text';

export interface PackedContext {
  text: string;
  numTokens: number;
  /** Index of the context's first piece, so the caller can recover its page. */
  firstPiece: number;
}

/**
 * Greedy packing of consecutive pieces into contexts of at most `maxTokens`. Running totals are sums of
 * the pieces' counts; near the budget, and once per finished context, the real joined text is counted,
 * because BPE merges across a join can make the whole differ from the sum of its parts.
 */
export function packPieces(pieces: Piece[], maxTokens: number, counter: TokenCounter): PackedContext[] {
  const contexts: PackedContext[] = [];
  let first = 0;
  while (first < pieces.length) {
    let text = pieces[first].text;
    let tokens = pieces[first].tokens;
    let tokensExact = true;
    let end = first + 1;
    for (; end < pieces.length; end++) {
      const piece = pieces[end];
      const candidate = text + piece.joiner + piece.text;
      const estimate = tokens + piece.tokens + joinerCost(piece.joiner, counter);
      if (estimate <= maxTokens) {
        text = candidate;
        tokens = estimate;
        tokensExact = false;
        continue;
      }
      const exact = counter.count(candidate);
      if (exact > maxTokens) break;
      text = candidate;
      tokens = exact;
      tokensExact = true;
    }
    if (!tokensExact) tokens = counter.count(text);
    // An estimate that undercounted: give pieces back until the real count fits (one piece always does).
    while (tokens > maxTokens && end - first > 1) {
      end--;
      text = joinPieces(pieces, first, end);
      tokens = counter.count(text);
    }
    contexts.push({ text, numTokens: tokens, firstPiece: first });
    first = end;
  }
  return contexts;
}

/** A space merges into the next word's token (` word`), so it costs nothing; a paragraph break is a token. */
function joinerCost(joiner: string, counter: TokenCounter): number {
  return joiner === ' ' || joiner === '' ? 0 : counter.count(joiner);
}

function joinPieces(pieces: Piece[], from: number, to: number): string {
  let text = pieces[from].text;
  for (let i = from + 1; i < to; i++) text += pieces[i].joiner + pieces[i].text;
  return text;
}
