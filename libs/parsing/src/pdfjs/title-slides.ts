import type { FrontMatter } from './front-matter';
import type { FlowLine } from './layout.types';
import type { ParsedBlock } from '../article';
import type { Paragraph } from './paragraphs';

/** What finding text on pages of its own before the first heading needs to know of the document. */
export interface TitleSlidesInput {
  flow: FlowLine[];
  front: FrontMatter;
  /** Index of the first heading's line, or the end of the flow. */
  firstHeading: number;
}

/**
 * Text before the first heading on pages of its own — no front matter, no heading on them: a slide deck's title slides,
 * a cover page. It is what those pages say, not residue around a paper's title, so it is kept however short.
 */
export function prefaceFillsPages(
  { flow, firstHeading }: Pick<TitleSlidesInput, 'flow' | 'firstHeading'>,
  preface: Paragraph[],
  bodyFrom: number,
): boolean {
  const frontPages = new Set(flow.slice(0, bodyFrom).map((l) => l.page));
  const headingPage = flow[firstHeading]?.page ?? Infinity;
  return preface.some((p) => p.lines.every((l) => l.page < headingPage && !frontPages.has(l.page)));
}

/**
 * Front-matter lines that became no title, author or affiliation, on pages before the first heading — a slide deck's
 * subtitle, date and repeated title slides. Without an abstract nothing else keeps them, so they stay as a passage.
 */
export function unusedFrontLines({ flow, front, firstHeading }: TitleSlidesInput): FlowLine[] {
  const headingPage = flow[firstHeading]?.page ?? Infinity;
  const norm = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const used = norm([front.title, ...front.affiliations].join(' '));
  const names = front.authors.map(norm).filter((n) => n.length > 0);
  return flow
    .slice(0, front.bodyStart)
    .filter((l) => l.page < headingPage && !used.includes(norm(l.text)) && !names.some((n) => norm(l.text).includes(n)));
}

/**
 * A deck's title slides before its first section, each said once: the deck's title is the article's, not a passage,
 * and a title slide printed again (with the logo, the date, another subtitle) repeats only what is new on it.
 */
export function foldTitleSlides(blocks: ParsedBlock[], title: string): ParsedBlock[] {
  const norm = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const said = [norm(title)];
  const out: ParsedBlock[] = [];
  for (const block of blocks) {
    const text = norm(block.text);
    if (text && said.some((s) => s.includes(text))) continue;
    said.push(text);
    out.push(block);
  }
  return out;
}
