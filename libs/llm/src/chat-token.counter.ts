import { getEncoding, type Tiktoken } from 'js-tiktoken';

/** Counts tokens of a text; the budgeting functions take any, tests and other tokenizers can swap it. */
export interface TextTokenCounter {
  count(text: string): number;
}

/** Built on first use: loading the cl100k ranks costs ~250 ms, and one encoder serves the whole process. */
let sharedEncoder: Tiktoken | undefined;

/** js-tiktoken's merge is quadratic in one pre-token's length, so runs without spaces (a DNA sequence) are sliced. */
const LONG_RUN = /\S{256,}|\s{256,}/g;
const RUN_SLICE_CHARS = 128;

/**
 * cl100k_base counts (GPT-4 / GPT-3.5's tokenizer). Local models tokenize differently, typically within ~10-20% of
 * this, so budgets built on it should keep some headroom below the model's real window.
 */
export class ChatTokenCounter implements TextTokenCounter {
  count(text: string): number {
    let total = 0;
    let cursor = 0;
    for (const match of text.matchAll(LONG_RUN)) {
      total += this.encodeLength(text.slice(cursor, match.index));
      for (let start = 0; start < match[0].length; start += RUN_SLICE_CHARS) total += this.encodeLength(match[0].slice(start, start + RUN_SLICE_CHARS));
      cursor = match.index + match[0].length;
    }
    return total + this.encodeLength(text.slice(cursor));
  }

  private encodeLength(text: string): number {
    if (text.length === 0) return 0;
    sharedEncoder ??= getEncoding('cl100k_base');
    // No special tokens: a paper quoting `<|endoftext|>` is text, not a control token (the default throws).
    return sharedEncoder.encode(text, [], []).length;
  }
}
