import type { Heading } from '../pdfjs/heading-detector';
import { numberSections } from '../pdfjs/section-numbering';
import type { DraftSection } from './tei-draft';

/** What GROBID puts in `head/@n`: `2`, `2.1.`, `IV`, `A.1`; anything else is not a section number. */
const SECTION_NUMBER = /^(\d{1,3}|[IVXLC]{1,6}|[A-Z])(\.\d{1,3})*$/;

export interface SectionOutline {
  number: string;
  level: number;
}

/**
 * Numbers and levels for the headed sections, plus the number of the untitled section when there is one.
 * Levels come from the numbering depth (`2.1` → 2); an unnumbered head in a numbered paper is a run-in heading of
 * the numbered section above it, one level down; otherwise the div nesting decides. Unnumbered sections then get
 * the next ordinal under their parent, exactly as the PDF.js parser numbers them.
 */
export function outlineSections(sections: DraftSection[], untitledFirst: boolean): { outline: SectionOutline[]; untitledNumber: string } {
  const numbered = sections.map((s) => normalizeNumber(s.head?.n ?? null));
  const anyNumbered = numbered.some((n) => n !== null);
  let lastNumberedLevel = 0;
  const headings: Heading[] = sections.map((section, i) => {
    const number = numbered[i];
    let level: number;
    if (number) {
      level = number.split('.').length;
      lastNumberedLevel = level;
    } else if (section.back) {
      level = 1;
      lastNumberedLevel = 0;
    } else if (anyNumbered && lastNumberedLevel > 0) {
      level = lastNumberedLevel + 1;
    } else {
      level = section.depth;
    }
    return { start: 0, end: 0, number, title: section.head?.title ?? '', level, references: false };
  });
  const { numbers, untitledNumber } = numberSections(headings, untitledFirst);
  return { outline: headings.map((h, i) => ({ number: numbers[i], level: h.level })), untitledNumber };
}

export function normalizeNumber(n: string | null): string | null {
  if (!n) return null;
  const trimmed = n.trim().replace(/\.+$/, '');
  return SECTION_NUMBER.test(trimmed) ? trimmed : null;
}
