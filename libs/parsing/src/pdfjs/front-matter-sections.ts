import type { Heading } from './heading-detector';
import { isBold, type FlowLine } from './layout.types';
import { normalizeSpaces } from './text-patterns';

/**
 * The names of a book's or report's short unnumbered front sections. An outline often leaves them out (`\chapter*`
 * without a contents line), and a short one before the first listed heading was then dropped with the front matter.
 */
const FRONT_SECTION =
  /^(preface|foreword|acknowledge?ments?|notation|prologue|vorwort|pr[ée]face|avant-propos)(?: to the [\p{L}\d ]{1,30} edition)?$/iu;

/**
 * Front sections the outline omits: a line before the outline's first heading that is nothing but such a name, set
 * apart (larger than the body, bold, or in capitals) and followed by text on its page. Each becomes an unnumbered
 * heading at the outline's top level, so its passages are kept as its own section.
 */
export function unlistedFrontSections(flow: FlowLine[], firstListed: number, level: number): Heading[] {
  const bodySize = commonSize(flow);
  const out: Heading[] = [];
  for (let i = 0; i < Math.min(firstListed, flow.length); i++) {
    const line = flow[i];
    const text = normalizeSpaces(line.text).replace(/[.:]$/, '');
    if (!FRONT_SECTION.test(text)) continue;
    const setApart = line.size >= bodySize + 1 || isBold(line) || (text === text.toUpperCase() && text.length > 3) || opensPage(flow, i);
    const next = flow[i + 1];
    if (!setApart || !next || i + 1 >= firstListed || next.page !== line.page) continue;
    out.push({ start: i, end: i + 1, number: null, title: titleCase(text), level, references: false });
  }
  return out;
}

/** The first line of its page: a body-size name alone there is the section's title, not a wrapped word. */
const opensPage = (flow: FlowLine[], i: number) => i === 0 || flow[i - 1].page !== flow[i].page;

/**
 * Without an outline: the same names opening a page before the first detected heading (a body-size "Preface" the
 * detector cannot tell from text), as unnumbered top-level headings.
 */
export function unheadedFrontSections(flow: FlowLine[], headings: Heading[]): Heading[] {
  const firstHeading = headings[0]?.start ?? flow.length;
  // Only at the head of a page: a bold "Acknowledgments:" run into a paper's last paragraph is no front section.
  const front = unlistedFrontSections(flow, firstHeading, 1).filter((h) => opensPage(flow, h.start));
  return [...front, ...headings];
}

/** The font size carrying the most characters: the body's. */
function commonSize(flow: FlowLine[]): number {
  const chars = new Map<number, number>();
  for (const line of flow) chars.set(Math.round(line.size * 2) / 2, (chars.get(Math.round(line.size * 2) / 2) ?? 0) + line.text.length);
  return [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

/** "PREFACE" → "Preface"; a title already in mixed case stays as printed. */
const titleCase = (text: string) => (text === text.toUpperCase() ? text.charAt(0) + text.slice(1).toLowerCase() : text);
