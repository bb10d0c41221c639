import { getEncoding, Tiktoken } from 'js-tiktoken';
import type { TokenCounter } from './token-counter';

/** Built on first use: loading the cl100k ranks costs ~250 ms, and one encoder serves the whole process. */
let sharedEncoder: Tiktoken | undefined;
function encoder(): Tiktoken {
  sharedEncoder ??= getEncoding('cl100k_base');
  return sharedEncoder;
}

/**
 * js-tiktoken's byte-pair merge is quadratic in the length of one pre-token, so a 20k-character run
 * without spaces (a DNA sequence, a base64 blob, a line of dashes) takes ~20 s. Such runs are counted
 * in slices instead: exact for ordinary text, within a token or two per slice for those runs.
 */
const LONG_RUN = /\S{256,}|\s{256,}/g;
const RUN_SLICE_CHARS = 128;

/**
 * Exact cl100k_base token counts (the tokenizer of OpenAI's embedding and chat models). Local models tokenize
 * differently, typically within ~10-20% of this, so budgets built on it should keep some headroom.
 */
export class TiktokenCounter implements TokenCounter {
  count(text: string): number {
    if (text.length === 0) return 0;
    LONG_RUN.lastIndex = 0;
    if (!LONG_RUN.test(text)) return this.encodeLength(text);

    let total = 0;
    let cursor = 0;
    LONG_RUN.lastIndex = 0;
    for (const match of text.matchAll(LONG_RUN)) {
      total += this.encodeLength(text.slice(cursor, match.index));
      for (let start = 0; start < match[0].length; start += RUN_SLICE_CHARS) {
        total += this.encodeLength(match[0].slice(start, start + RUN_SLICE_CHARS));
      }
      cursor = match.index + match[0].length;
    }
    return total + this.encodeLength(text.slice(cursor));
  }

  private encodeLength(text: string): number {
    if (text.length === 0) return 0;
    // No special tokens: a paper that quotes `<|endoftext|>` is text, not a control token (the default throws).
    return encoder().encode(text, [], []).length;
  }
}
