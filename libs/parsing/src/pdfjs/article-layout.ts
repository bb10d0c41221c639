import type { BodyStyle } from './body-style';
import { headingsFromBookmarks } from './bookmark-headings';
import { unheadedFrontSections } from './front-matter-sections';
import { readFrontMatter, smallerThanAbstractLabel } from './front-matter';
import { detectHeadings } from './heading-detector';
import type { FlowLine } from './layout.types';
import type { PdfBookmark } from './pdf-bookmarks.reader';
import type { Rule } from './ruling-lines';
import { findTables } from './tables';
import { endTocAt, findTableOfContents } from './toc-detector';

/** Front matter, tables and headings: from the PDF's outline when it is plausible, else detected from the layout. */
export function readLayout(flow: FlowLine[], body: BodyStyle, rules: ReadonlyMap<number, Rule[]>, bookmarks: PdfBookmark[] = []) {
  const toc = findTableOfContents(flow);
  const inToc = (i: number) => !!toc && i > toc.start && i < toc.end;
  const tables = findTables(flow, body, rules).filter((t) => !(toc && t.start < toc.end && t.end > toc.start));
  // A table is never front matter: on a one-page excerpt the front matter would otherwise claim the page with it.
  const read = readFrontMatter(flow, body);
  const front = { ...read, bodyStart: Math.min(read.bodyStart, tables[0]?.start ?? flow.length) };
  const fromOutline = headingsFromBookmarks(flow, bookmarks, { skipAbstract: front.abstract !== null, inToc });
  if (fromOutline) {
    // The outline is trusted: a heading it places inside the entries ends the table of contents there.
    const inside = fromOutline.headings.find((h) => inToc(h.start));
    const cut = toc && inside ? endTocAt(flow, toc, inside.start) : toc;
    return { flow, front, tables, toc: cut, headings: fromOutline.headings, fromOutline: true };
  }
  const regions = [...tables, ...(toc ? [toc] : [])];
  const inTable = new Set(regions.flatMap((t) => Array.from({ length: t.end - t.start }, (_, k) => t.start + k)));
  const detected = detectHeadings(flow, front.bodyStart, body, inTable);
  const starts = detected.map((h) => h.start);
  const headings = unheadedFrontSections(
    flow,
    detected.filter((h) => !smallerThanAbstractLabel(flow, front, h.start, starts)),
  );
  return { flow, front, tables, toc, headings, fromOutline: false };
}
