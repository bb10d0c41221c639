import type { BodyStyle } from './body-style';
import {
  continuesHeading,
  evaluateLine,
  findHeadingFonts,
  dropRepeatedLabels,
  isChapterLabel,
  type HeadingCandidate,
  type HeadingContext,
} from './heading-candidates';
import { numberDepth, parseNumbering } from './heading-numbering';
import { addChangelogHeadings } from './changelog-entries';
import { dropContentsEntries } from './contents-entry-guard';
import { numberedCueLines } from './numbered-cue-guard';
import { addIndexGroupHeadings } from './index-letters';
import { scoreCandidates } from './heading-scorer';
import { headingStyleClass } from './heading-style-class';
import { markAppendixSequence } from './heading-sequence';
import { romanToInt } from './section-numbering';
import type { FlowLine } from './layout.types';
import { joinLine } from './line-joiner';
import { ITALIC_FONT, words } from './text-patterns';

export interface Heading {
  /** Flow indexes [start, end) of the heading's lines. */
  start: number;
  end: number;
  /** The paper's own number, or null (an ordinal is assigned later). */
  number: string | null;
  title: string;
  level: number;
  references: boolean;
}

const TOC_LINE = /((\.\s?){4,}|\s{2,}|\s)([0-9]{1,4}|[ivxlc]{1,6})$/i;

/**
 * Finds the section headings in the flow, from `from` on (the front matter before it is not searched). Lines in
 * `skip` (a table's caption, rows and notes) are never headings.
 */
export function detectHeadings(flow: FlowLine[], from: number, body: BodyStyle, skip: ReadonlySet<number> = new Set()): Heading[] {
  const tocPages = findTocPages(flow);
  const candidates: HeadingCandidate[] = [];
  const headingFonts = findHeadingFonts(flow, from, body);
  const ctx: HeadingContext = { body, headingFonts, inAppendix: false };
  const cues = numberedCueLines(flow, from);
  for (let i = from; i < flow.length;) {
    if ((tocPages.has(flow[i].page) && TOC_LINE.test(flow[i].text)) || skip.has(i) || cues.has(i)) {
      i++;
      continue;
    }
    if (!ctx.inAppendix && opensLetteredAppendix(flow[i], candidates)) ctx.inAppendix = true;
    const candidate = evaluateLine(flow, i, ctx);
    if (!candidate) {
      i++;
      continue;
    }
    extend(flow, candidate, ctx);
    // "3. References" under "I.B" is a sub-section about references; the reference list itself is unnumbered there.
    if (candidate.references && restartsUnderLetter(candidate, candidates)) candidate.references = false;
    candidates.push(candidate);
    ctx.previous = candidate;
    if (candidate.references || candidate.numbering.kind === 'appendix') ctx.inAppendix = true;
    i = candidate.end;
  }
  const listed = dropContentsEntries(flow, candidates);
  const kept = select(dropRepeatedLabels(flow, listed));
  const selected = scoreCandidates(flow, kept, without(listed, kept), body, headingFonts);
  return addChangelogHeadings(flow, addIndexGroupHeadings(flow, assignLevels(selected)));
}

/**
 * LaTeX's `\appendix` numbers the sections after it "A", "B" … with no "Appendix" heading: a line "A Proofs" set in
 * the style of the numbered top-level headings before it opens the appendix, so its bare letter is a number.
 */
function opensLetteredAppendix(line: FlowLine, before: HeadingCandidate[]): boolean {
  if (!/^A\s+\p{Lu}/u.test(line.text)) return false;
  // Set apart and short like a heading: a sentence opening with "A" in a paper whose headings use the body's style is
  // prose ("A Bayesian model was fit to …").
  const text = line.text.trim();
  if (line.rowPeers !== 1 || words(text).length > 10 || /[.,;:]$/.test(text)) return false;
  return before.some(
    (c) =>
      c.numbering.kind === 'arabic' &&
      c.strength >= 1 &&
      numberDepth(c.numbering) === 1 &&
      Math.abs(c.size - line.size) < 0.3 &&
      c.font === line.font,
  );
}

/** An arabic "3." whose nearest lettered or roman heading above is a letter under a roman section ("I.B"). */
function restartsUnderLetter(c: HeadingCandidate, before: HeadingCandidate[]): boolean {
  if (c.numbering.kind !== 'arabic' || c.numbering.number?.includes('.')) return false;
  const parent = [...before].reverse().find((b) => b.strength >= 1 && ['roman', 'letter', 'appendix'].includes(b.numbering.kind));
  return parent?.numbering.kind === 'letter' && before.some((b) => b.numbering.kind === 'roman' && b.strength >= 1);
}

const without = (all: HeadingCandidate[], kept: HeadingCandidate[]) => {
  const keep = new Set(kept);
  return all.filter((c) => !keep.has(c));
};

/** Joins a wrapped heading's lines, and a `Chapter 3` label with the chapter title set below it. */
function extend(flow: FlowLine[], c: HeadingCandidate, ctx: HeadingContext): void {
  if (isChapterLabel(c)) {
    const next = flow[c.end];
    const label = flow[c.start];
    if (next && next.page === label.page && label.y - next.y < 4 * label.size) {
      const title = evaluateLine(flow, c.end, ctx);
      if (title && title.numbering.kind === 'none') {
        c.numbering = { ...c.numbering, title: title.text };
        c.text = `${c.text} ${title.text}`;
        c.end = title.end;
      }
    }
    return;
  }
  for (let lines = 1, end = continuesHeading(flow, c, c.end); lines < 3 && end > 0; lines++, end = continuesHeading(flow, c, c.end)) {
    c.text = joinLine(
      c.text,
      flow
        .slice(c.end, end)
        .map((l) => l.text)
        .join(' '),
    );
    c.end = end;
  }
  if (c.end - c.start > 1) c.numbering = parseNumbering(c.text, ctx.inAppendix);
}

/**
 * Keeps candidates consistent with the document's own conventions: in a numbered paper an unnumbered
 * bold line is a heading only in a style the numbered headings use, or when it is a usual section name.
 */
function select(candidates: HeadingCandidate[]): HeadingCandidate[] {
  const numbered = candidates.filter((c) => c.strength >= 1 && (c.numbering.kind === 'arabic' || c.numbering.kind === 'roman'));
  const isNumberedPaper = numbered.length >= 2;
  const numberedStyles = new Set(numbered.map(styleKey));
  const largestNumbered = Math.max(0, ...numbered.map((c) => c.size));
  const numberedFonts = new Set(numbered.map((c) => c.font));
  const romanScheme = usesRomanScheme(candidates);
  if (romanScheme) markRomanSequence(candidates);
  markAppendixSequence(candidates);
  let lastTop = 0;
  return candidates.filter((c) => {
    if (c.references) return true;
    // Under roman sections, arabic numbers restart below each lettered or appendix heading ("I.B.1", "Appendix B.1").
    if (romanScheme && c.strength >= 1 && ['roman', 'letter', 'appendix'].includes(c.numbering.kind)) lastTop = 0;
    if (c.numbering.kind === 'arabic') {
      const top = Number(c.numbering.number?.split('.')[0]);
      // Section numbers only grow; a jump backwards or far ahead is a list item or a stray number.
      if (c.strength < 1 || top < lastTop || top > lastTop + 3) return false;
      lastTop = top;
      return true;
    }
    if (c.numbering.kind !== 'none') return c.strength >= 1;
    if (!isNumberedPaper) return true;
    // A sub-heading below the numbered levels may drop the number but keep the numbered headings' font, set larger than the body.
    const inNumberedFont = c.strength === 2 && numberedFonts.has(c.font);
    if (c.known || numberedStyles.has(styleKey(c)) || (c.strength === 2 && c.size >= largestNumbered - 0.3)) return true;
    if (inNumberedFont) c.unnumberedSubheading = true;
    return inNumberedFont;
  });
}

/** Physics journals (REVTeX) number "I. TITLE", "A. Title", "1. Title": two roman-numbered sections make the scheme. */
const usesRomanScheme = (candidates: HeadingCandidate[]) =>
  candidates.filter((c) => c.numbering.kind === 'roman' && c.strength >= 1).length >= 2;

/** "I. INTRODUCTION", "II. METHODS" …: capitals numbered one after the other are the top level, whatever their size. */
function markRomanSequence(candidates: HeadingCandidate[]): void {
  let last = 0;
  for (const c of candidates) {
    if (c.numbering.kind !== 'roman' || !c.caps || c.strength < 1 || !c.numbering.number) continue;
    const n = romanToInt(c.numbering.number);
    if (n !== last + 1) continue;
    c.romanInSequence = true;
    last = n;
  }
}

const styleKey = (c: Pick<HeadingCandidate, 'size' | 'bold' | 'caps'>) => `${Math.round(c.size * 2) / 2}|${c.bold}|${c.caps}`;

/**
 * Numbered headings take their depth from the number. Unnumbered ones take the level of numbered
 * headings in the same style, else rank by style: capitals first (they may even be smaller than the
 * body, as in ASM journals), then larger sizes, then bold.
 */
function assignLevels(candidates: HeadingCandidate[]): Heading[] {
  const depthByStyle = new Map<string, number>();
  for (const c of candidates) {
    if (c.numbering.kind === 'none' || c.references) continue;
    const depth = numberDepth(c.numbering);
    const key = styleKey(c);
    depthByStyle.set(key, Math.min(depth, depthByStyle.get(key) ?? depth));
  }
  // Capitals mark a level whatever their size; other styles are told apart by size and weight, and italic ranks
  // below upright at one size (BMC: "Experimental setup" over an italic "EMG recording").
  const styleClass = headingStyleClass(candidates, styleKey);
  const classOf = (c: HeadingCandidate) => {
    const cls = styleClass(c);
    return cls.startsWith('caps|') ? cls : `${cls}${ITALIC_FONT.test(c.font) ? '|italic' : ''}`;
  };
  const rank = (cls: string) => {
    const [first, bold, , italic] = cls.split('|');
    return (first === 'caps' ? 1000 : Number(first) * 10) + (bold === 'true' ? 1 : 0) - (italic ? 0.5 : 0);
  };
  const unmatched = [
    ...new Set(candidates.filter((c) => c.numbering.kind === 'none' && !c.references && !depthByStyle.has(styleKey(c))).map(classOf)),
  ];
  unmatched.sort((a, b) => rank(b) - rank(a));
  const base = depthByStyle.size > 0 ? Math.min(...depthByStyle.values()) : 1;
  // Unnumbered styles set smaller than every numbered one ("Chapter 2" over unnumbered sections) rank below them;
  // with no numbered style there is nothing to rank below.
  const smallestNumbered = Math.min(...[...depthByStyle.keys()].map((k) => Number(k.split('|')[0])));
  const below =
    depthByStyle.size === 0 ? [] : unmatched.filter((cls) => !cls.startsWith('caps') && Number(cls.split('|')[0]) < smallestNumbered);
  const deepestNumbered = Math.max(0, ...depthByStyle.values());
  const romanScheme = usesRomanScheme(candidates);
  let roman: string | null = null;
  // The heading an arabic "1." restarts under in the roman scheme: "I.B" (level 2) or an appendix "B" (level 1).
  let lettered: { number: string; level: number } | null = null;
  let numberedDepth = base;
  return candidates.map((c) => {
    if (c.references || c.numbering.kind === 'appendix') roman = null;
    if (c.references || c.numbering.kind === 'roman') lettered = null;
    if (c.numbering.kind === 'roman') roman = c.numbering.number;
    if (romanScheme && c.numbering.kind === 'appendix' && c.numbering.number) lettered = { number: c.numbering.number, level: 1 };
    const heading = (number: string, level: number) => ({
      start: c.start,
      end: c.end,
      number,
      title: c.numbering.title,
      level,
      references: false,
    });
    // Under "II. METHOD", IEEE's "A. Data" is section II-A.
    if (roman && c.numbering.kind === 'letter' && !c.numbering.number?.includes('.')) {
      lettered = { number: `${roman}.${c.numbering.number}`, level: 2 };
      return heading(lettered.number, 2);
    }
    if (lettered && c.numbering.kind === 'arabic' && c.numbering.number && !c.numbering.number.includes('.')) {
      return heading(`${lettered.number}.${c.numbering.number}`, lettered.level + 1);
    }
    const key = styleKey(c);
    let level: number;
    if (c.references) level = 1;
    else if (c.numbering.kind !== 'none') level = numberedDepth = numberDepth(c.numbering);
    // An unnumbered sub-heading in the numbered headings' font sits one level below the numbered heading it follows.
    else if (c.unnumberedSubheading) level = numberedDepth + 1;
    else if (depthByStyle.has(key)) level = depthByStyle.get(key) ?? 1;
    else if (!c.known && below.includes(classOf(c))) level = Math.min(deepestNumbered + 3, deepestNumbered + below.indexOf(classOf(c)) + 1);
    else level = Math.min(3, depthByStyle.size > 0 && c.known ? base : unmatched.indexOf(classOf(c)) + 1);
    return { start: c.start, end: c.end, number: c.numbering.number, title: c.numbering.title, level, references: c.references };
  });
}

/** Pages of a table of contents: many lines end in dot leaders and a page number. */
function findTocPages(flow: FlowLine[]): Set<number> {
  const counts = new Map<number, number>();
  for (const line of flow) if (/(\.\s?){4,}\s*([0-9]+|[ivxlc]+)$/i.test(line.text)) counts.set(line.page, (counts.get(line.page) ?? 0) + 1);
  return new Set([...counts.entries()].filter(([, n]) => n >= 4).map(([page]) => page));
}
