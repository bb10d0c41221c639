import { joinPageStarts, type PageStart } from '@lectern/common';
import type { ParsedBlock } from '../article';
import type { TextLine } from './layout.types';

/** Room for what joining lines takes out before a line (a line-break hyphen and its space each) or a stripped label. */
const SEARCH_SLACK = 40;

/**
 * Where a paragraph's text crosses page breaks: the offset in `text` of the first line read from each new page. The
 * line is found in the joined text rather than counted, so later edits of the paragraph's opening (an "Abstract—"
 * label stripped) and hyphens undone at line ends keep the offsets right; a line not found (rewritten) is skipped.
 */
export function pageStartsOf(lines: readonly Pick<TextLine, 'page' | 'text'>[], text: string): PageStart[] | undefined {
  const starts: PageStart[] = [];
  let page = lines[0]?.page;
  let cursor = 0;
  let before = 0;
  for (const line of lines) {
    if (line.page !== page) {
      const probe = line.text.trim().replace(/[-\u2010\u00ad]$/, '');
      const at = probe ? text.indexOf(probe, Math.max(cursor, before - SEARCH_SLACK)) : -1;
      if (at >= 0) {
        starts.push({ offset: at, page: line.page });
        cursor = at;
      }
      page = line.page;
    }
    before += line.text.length - 1;
  }
  return starts.length > 0 ? starts : undefined;
}

/** The page starts of `after` appended to `before`'s text, its trimmed text starting at `at` in the joined text. */
export function joinedPageStarts(before: ParsedBlock, after: ParsedBlock, at: number): PageStart[] | undefined {
  const lead = (block: ParsedBlock) => block.text.length - block.text.trimStart().length;
  return joinPageStarts(before.page, [
    { at: 0, page: before.page, pageStarts: before.pageStarts, from: lead(before), length: at },
    { at, page: after.page, pageStarts: after.pageStarts, from: lead(after) },
  ]);
}
