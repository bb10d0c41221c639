import type { Heading } from './heading-detector';
import type { FlowLine } from './layout.types';
import type { SlideEntry } from './slide-deck';

const norm = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** A slide's first line is its own: a passage never runs on into it from the slide before (`paragraphs.ts`). */
export function markSlideStarts(flow: FlowLine[]): FlowLine[] {
  return flow.map((l, i) => (i > 0 && flow[i - 1].page !== l.page ? { ...l, slideStart: true } : l));
}

/**
 * The deck's sections as headings, each opening its first slide. Where that slide prints the name as its first line
 * (a subsection bar, a section slide) the heading is that line; else it takes no line and the slide's text follows it.
 */
export function slideHeadings(flow: FlowLine[], entries: SlideEntry[]): Heading[] {
  const headings: Heading[] = [];
  let cursor = 0;
  for (const entry of entries) {
    let at = cursor;
    while (at < flow.length && flow[at].page < entry.page) at++;
    if (at >= flow.length) break;
    const own = flow[at].page === entry.page && norm(flow[at].text) === norm(entry.title);
    headings.push({ start: at, end: own ? at + 1 : at, number: null, title: entry.title, level: entry.level, references: false });
    cursor = own ? at + 1 : at;
  }
  return headings;
}

/** A frame title's continuation mark: "(cont.)", "(continued)", "(2/3)", beamer's frame-break numerals "I", "ii". */
const CONTINUED = /\s*(\((cont(inued|'d)?\.?|\d+\s*\/\s*\d+)\)|\b(cont\.|continued)|\s(i{1,3}|iv|vi{0,3}|ix|x|I{1,3}|IV|VI{0,3}|IX|X))$/;

/**
 * Headings detected on a deck without navigation, with a frame title continued over several slides ("References i",
 * "References ii", "Results (cont.)") said once: the continuation's slides are that section's text.
 */
export function foldContinuedTitles(headings: Heading[]): Heading[] {
  const key = (h: Heading) => norm(h.title.replace(CONTINUED, ''));
  return headings.filter((h, k) => k === 0 || h.references || key(h) !== key(headings[k - 1]) || h.level !== headings[k - 1].level);
}
