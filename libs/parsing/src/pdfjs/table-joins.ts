import type { ParsedBlock } from '../article';
import { joinedPageStarts } from './block-pages';

/**
 * A sentence a table interrupts (the table set between its lines, often across a column) continues after the table:
 * a text paragraph that ends without closing punctuation, then the table's blocks, then a text paragraph that starts
 * in lowercase become one paragraph before the table, so no context starts mid-sentence.
 */
export function joinAcrossTables(blocks: ParsedBlock[]): ParsedBlock[] {
  const out: ParsedBlock[] = [];
  for (const block of blocks) {
    let at = out.length - 1;
    while (at >= 0 && (out[at].kind === 'table' || out[at].kind === 'figure_caption')) at--;
    const before = out[at];
    const interrupted =
      at >= 0 &&
      at < out.length - 1 &&
      before.kind === 'text' &&
      block.kind === 'text' &&
      !before.box &&
      !block.box &&
      !/[.!?:;)\]"”’]$/.test(before.text.trim()) &&
      /^\p{Ll}/u.test(block.text.trim());
    if (interrupted) {
      const head = before.text.trim();
      const pageStarts = joinedPageStarts(before, block, head.length + 1);
      const { pageStarts: _own, ...rest } = before;
      out[at] = { ...rest, text: `${head} ${block.text.trim()}`, ...(pageStarts ? { pageStarts } : {}) };
    } else out.push(block);
  }
  return out;
}
