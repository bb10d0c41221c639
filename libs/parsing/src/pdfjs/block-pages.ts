import type { PageStart } from '@lectern/common';
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
  const shift = (block: ParsedBlock, by: number) => (block.pageStarts ?? []).map((s) => ({ ...s, offset: Math.max(0, s.offset + by) }));
  const starts = shift(before, -lead(before)).filter((s) => s.offset < at);
  const ownPage = starts.length ? starts[starts.length - 1].page : before.page;
  if (after.page !== ownPage) starts.push({ offset: at, page: after.page });
  starts.push(...shift(after, at - lead(after)).filter((s) => s.offset > at));
  return starts.length > 0 ? starts : undefined;
}
