import { bibliographyShare } from './bibliography-shape';
import type { Heading } from './heading-detector';
import type { FlowLine } from './layout.types';
import { YEAR } from './references-splitter';
import { REFERENCES_TITLE } from './text-patterns';

/** Below this share of entry-shaped items, a section titled References holds prose about references. */
const PROSE_SHARE = 0.25;
/** From this share on, the lines under a back-matter title are its bibliography. */
const LIST_SHARE = 0.6;
const MAX_TITLE_CHARS = 40;
/** The entries judged under an omitted title: what follows the list (biographies, an index) is not judged. */
const OPENING_ENTRIES = 10;
/** A bibliography split badly into long items still carries years; prose about references carries few. */
const PROSE_YEARS_PER_1000_CHARS = 2;
const YEARS = new RegExp(YEAR.source, 'g');

function isProse(lines: FlowLine[]): boolean {
  const text = lines.map((l) => l.text).join(' ');
  const years = text.match(YEARS)?.length ?? 0;
  return (bibliographyShare(lines) ?? 1) < PROSE_SHARE && (1000 * years) / Math.max(1, text.length) < PROSE_YEARS_PER_1000_CHARS;
}

/**
 * Settles which headings open the bibliography. A heading named References followed by prose ("3. References" in a
 * manual about citing) is an ordinary section. A printed References/Bibliography title that the outline leaves out or
 * the detector turned down, followed by entries, still opens its section, at the top level.
 */
export function settleReferenceHeadings(flow: FlowLine[], headings: Heading[]): Heading[] {
  const until = (k: number) => headings[k + 1]?.start ?? flow.length;
  const settled = headings.map((h, k) => (h.references && isProse(flow.slice(h.end, until(k))) ? { ...h, references: false } : h));
  if (!settled.length || settled.some((h) => h.references)) return settled;
  const omitted = omittedReferencesTitle(flow, settled);
  if (omitted === null) return settled;
  const level = Math.min(...settled.map((h) => h.level));
  const title = flow[omitted].text.trim();
  const heading: Heading = { start: omitted, end: omitted + 1, number: null, title, level, references: true };
  return [...settled.filter((h) => h.start < omitted), heading, ...settled.filter((h) => h.start > omitted)];
}

/** The last line after the first heading that is only a back-matter title and is followed by bibliography entries. */
function omittedReferencesTitle(flow: FlowLine[], headings: Heading[]): number | null {
  const starts = new Set(headings.map((h) => h.start));
  for (let i = flow.length - 1; i > headings[0].start; i--) {
    const text = flow[i].text.trim().replace(/[:.]$/, '');
    if (text.length > MAX_TITLE_CHARS || !REFERENCES_TITLE.test(text) || starts.has(i)) continue;
    const next = headings.find((h) => h.start > i)?.start ?? flow.length;
    if ((bibliographyShare(flow.slice(i + 1, next), OPENING_ENTRIES) ?? 0) >= LIST_SHARE) return i;
  }
  return null;
}
