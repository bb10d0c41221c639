import { isBold, type FlowLine } from './layout.types';
import { KEYWORDS_MARKER } from './text-patterns';

/**
 * An abstract printed with no label still shows by what follows it: the block of lines set
 * in one size right before a "Keywords:" line on the first page is the abstract; the keywords line starts the body,
 * where it joins the abstract's section.
 */
export function keywordsAbstract(flow: FlowLine[], limit: number): { start: number; end: number } | null {
  const firstPage = flow[0]?.page ?? 1;
  const k = flow.findIndex((l, i) => i < limit && l.page === firstPage && KEYWORDS_MARKER.test(l.text.trim()));
  if (k < 1) return null;
  const last = flow[k - 1];
  let s = k - 1;
  while (
    s > 0 &&
    flow[s - 1].page === last.page &&
    Math.abs(flow[s - 1].size - last.size) < 0.5 &&
    flow[s - 1].y - flow[s].y < 1.8 * last.size
  )
    s--;
  const block = flow.slice(s, k);
  const chars = block.reduce((n, l) => n + l.text.length, 0);
  // The title block sits above the abstract: a block that starts the page, or is bold, is not an abstract.
  if (s === 0 || block.length < 2 || chars < KEYWORDS_ABSTRACT_MIN_CHARS || isBold(block[0])) return null;
  return { start: s, end: k };
}

/** The fewest characters a block before a keywords line needs to count as an abstract. */
const KEYWORDS_ABSTRACT_MIN_CHARS = 100;
