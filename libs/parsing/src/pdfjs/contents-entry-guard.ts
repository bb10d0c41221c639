import type { HeadingCandidate } from './heading-candidates';
import type { FlowLine } from './layout.types';
import { lineKey } from './text-patterns';

/** A title followed by a page number, arabic or roman. */
const PAGE_AFTER = /^(.*\S)\s+(\d{1,4}|[ivxlc]{1,6})$/i;

/**
 * A contents entry that looks like a heading ("4 Copying: 7", bold like the section it lists, with no dot leaders,
 * so no contents page was recognised): its page number is set flush right in the column, and the same text without
 * that number is a heading candidate later on. The later one is the heading; the entry is dropped, and is not left
 * for the line scorer to take back.
 */
export function dropContentsEntries(flow: FlowLine[], candidates: HeadingCandidate[]): HeadingCandidate[] {
  const later = new Set<string>();
  const entries = new Set<HeadingCandidate>();
  for (let k = candidates.length - 1; k >= 0; k--) {
    const c = candidates[k];
    const m = PAGE_AFTER.exec(c.text.trim());
    const last = flow[c.end - 1];
    if (m && later.has(lineKey(m[1])) && last.x1 >= last.columnRight - last.size) entries.add(c);
    later.add(lineKey(c.text));
  }
  return entries.size ? candidates.filter((c) => !entries.has(c)) : candidates;
}
