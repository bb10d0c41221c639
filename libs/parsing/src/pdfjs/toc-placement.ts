import { TOC_SECTION_NUMBER, type ParsedSection } from '../article';
import type { Heading } from './heading-detector';
import type { TocRegion } from './toc-detector';

/** What placing the contents needs to know of the document being assembled. */
export interface TocPlacementInput {
  toc: TocRegion | null;
  headings: Heading[];
}

/** Where the sections built so far sit, and what opens the contents' section. */
export interface TocSlots {
  /** Index of the untitled opening section (if any), just after the abstract's sections. */
  prefaceAt: number;
  /** Index of the first heading's section. */
  headingsAt: number;
  /** The untitled opening's text is printed after the contents (so it follows them). */
  untitledAfterToc: boolean;
}

/**
 * The table of contents as its own section where it was printed: the section of a heading read on its title line
 * ("Contents"), else a section of its own before the first heading that follows it.
 */
export function placeToc(
  sections: ParsedSection[],
  { toc, headings }: TocPlacementInput,
  { prefaceAt, headingsAt, untitledAfterToc }: TocSlots,
): void {
  if (!toc) return;
  const at = headings.findIndex((h) => h.start === toc.start);
  if (at >= 0) {
    const section = sections[headingsAt + at];
    sections[headingsAt + at] = { ...section, number: TOC_SECTION_NUMBER, blocks: [...toc.blocks, ...section.blocks] };
    return;
  }
  const before = headings.filter((h) => h.start < toc.start).length;
  // The untitled opening precedes every heading; it follows the contents only when its text does.
  const place = before === 0 && untitledAfterToc ? prefaceAt : headingsAt + before;
  sections.splice(place, 0, { number: TOC_SECTION_NUMBER, title: toc.title, level: 1, blocks: toc.blocks });
}
