import { MONOSPACE_FONT, type BodyStyle } from './body-style';
import { isCjkSentence, titleWordCount } from './cjk-text';
import { isBold, type FlowLine } from './layout.types';
import { parseNumbering, SUB_NUMBERS, type Numbering } from './heading-numbering';
import { recurringSectionNames } from './recurring-section-names';
import { endsInUnit } from './table-rows';
import {
  followsNumberedHeading,
  hasRoomAbove,
  inFigureOrTable,
  isRunIn,
  isLargerThanBody,
  looksLikeCode,
  rowEnd,
  runsIntoSentence,
  startsParagraph,
  titlesSmallType,
  isLicenceBoilerplate,
  changesFontBelow,
  isDateLine,
} from './heading-guards';
import { withoutCommandNames, withoutTrailingNote } from './heading-title-text';
import { TABLE_NOTE } from './tables';
import { CAPTION, isAllCaps, isLetterSpaced, ITALIC_FONT, KNOWN_SECTION, letters, lineKey, REFERENCES_TITLE, words } from './text-patterns';

export interface HeadingCandidate {
  /** Flow indexes [start, end) of the heading's lines. */
  start: number;
  end: number;
  text: string;
  numbering: Numbering;
  size: number;
  font: string;
  bold: boolean;
  caps: boolean;
  /** 2: larger than body text; 1: bold, capitals, small caps or a heading font at about body size. */
  strength: number;
  known: boolean;
  references: boolean;
  /** Set by selection: an unnumbered sub-heading in the numbered headings' font, kept whatever the line scorer says. */
  unnumberedSubheading?: boolean;
  /** Set by selection: a roman section in capitals that continues the sequence ("II." after "I."), kept likewise. */
  romanInSequence?: boolean;
  /** Set while scanning: an italic sub-heading is stacked right under it, so it is a heading too, kept likewise. */
  overItalicSubheading?: boolean;
  /** Set by selection: an appendix letter that continues the numbered sections ("A", "A.1" after "8"), kept likewise. */
  appendixInSequence?: boolean;
}

export interface HeadingContext {
  body: BodyStyle;
  /** Fonts that are not the body font and are used almost only for short standalone lines. */
  headingFonts: Set<string>;
  inAppendix: boolean;
  /** The candidate found last, while scanning the flow in order. */
  previous?: HeadingCandidate | null;
}

export const SMALL_CAPS_FONT = /cmcsc|smallcaps|small-caps|[-_]sc\b|caps/i;
const TOC_LEADER = /(\.\s?){4,}\s*([0-9]+|[ivxlc]+)$/i;

/** Everything about a single line that says "this could be a heading", or null when it cannot be. */
export function evaluateLine(flow: FlowLine[], i: number, ctx: HeadingContext): HeadingCandidate | null {
  const line = flow[i];
  const { body } = ctx;
  if (line.rowPeers > 1) return null;
  // The title is judged without a note in small type after it on its row.
  const trimmed = withoutTrailingNote(line, body);
  if (trimmed) {
    // Judged in place, put back after: the candidate keeps values only, never the line object.
    flow[i] = trimmed;
    try {
      return evaluateLine(flow, i, ctx);
    } finally {
      flow[i] = line;
    }
  }
  if (line.size < 0.72 * body.size) return null;
  const numbering = parseNumbering(line.text, ctx.inAppendix);
  if (!hasHeadingShape(line.text) && !(numbering.kind !== 'none' && breaksAtComma(flow, i, line))) return null;
  const larger = isLargerThanBody(line.size, body);
  if (!hasTitleShape(numbering, larger)) return null;
  // A line broken mid-word is a heading only if its continuation below is in the same style.
  if (
    /\p{Ll}-$/u.test(line.text) &&
    continuesHeading(flow, { text: line.text, size: line.size, bold: isBold(line), font: line.font, caps: false }, i + 1) < 0
  )
    return null;
  if (
    isRunIn(line, body) ||
    (startsParagraph(flow, i, numbering.kind === 'none' ? 3 : 4) && !(numbering.kind !== 'none' && changesFontBelow(flow, i))) ||
    runsIntoSentence(flow, i) ||
    inFigureOrTable(flow, i, body)
  )
    return null;
  const title = numbering.title;
  if (numbering.kind === 'none' && endsInUnit(title)) return null;
  const bold = isBold(line);
  // Acronyms ("CNN", "BERT") are capitals but not a capitals heading style.
  const caps = (isAllCaps(title) || line.smallCaps === true) && words(title).length <= 12 && letters(title) >= 5;
  // IEEE sets subsections ("A. Dataset") in the body's italic: a number plus a different font is enough.
  // REVTeX sets its third level ("1. Wide text") centred in a smaller italic than the body: centring makes up for size.
  const numberedInOtherFont =
    numbering.kind !== 'none' &&
    line.font !== body.font &&
    !ctx.inAppendix &&
    (line.size >= body.size - 0.5 || (line.size >= 0.85 * body.size && !MONOSPACE_FONT.test(line.font) && isCentredInColumn(line)));
  const styled = bold || caps || SMALL_CAPS_FONT.test(line.font) || ctx.headingFonts.has(line.font) || numberedInOtherFont;
  const strength = larger ? 2 : styled ? 1 : 0;
  const bare = title.replace(/[.:]$/, '');
  const references = REFERENCES_TITLE.test(bare);
  const known = references || KNOWN_SECTION.test(bare);
  if (numbering.kind === 'none' && !caps && !known && titlesSmallType(flow, i, body)) return null;
  const candidate = {
    start: i,
    end: i + 1,
    text: line.text,
    numbering,
    size: line.size,
    font: line.font,
    bold,
    caps,
    strength,
    known,
    references,
  };
  if (strength === 0 && !references) return null;
  if (hasRoomAbove(flow, i) || (larger && followsNumberedHeading(flow, i, numbering))) return candidate;
  if (!stacksUnder(ctx.previous, candidate)) return null;
  if (ctx.previous && italicUnderUpright(ctx.previous, candidate)) ctx.previous.overItalicSubheading = true;
  return candidate;
}

/**
 * A sub-heading set right under its section's heading ("METHODS" over "Search strategy") has no space above it; it
 * stacks when the heading above ends on the line before and is of a higher style: capitals over mixed case, larger,
 * or upright over italic at its size (BMC's third level: "Experimental setup" over an italic "EMG recording").
 */
function stacksUnder(above: HeadingCandidate | null | undefined, c: HeadingCandidate): boolean {
  if (!above || above.end !== c.start || above.references) return false;
  return (above.caps && !c.caps && above.size >= c.size - 0.3) || above.size >= c.size + 1 || italicUnderUpright(above, c);
}

const italicUnderUpright = (above: HeadingCandidate, c: HeadingCandidate) =>
  ITALIC_FONT.test(c.font) && !ITALIC_FONT.test(above.font) && !c.caps && above.size >= c.size - 0.3;

/** Text that cannot be a heading: captions, table notes ("Note: *, ** and ***…"), code, links, formulas, reference labels, TOC lines, mostly digits. */
export function hasHeadingShape(text: string): boolean {
  if (text.length < 2 || text.length > 160 || CAPTION.test(text) || TABLE_NOTE.test(text) || isLetterSpaced(text)) return false;
  if (looksLikeCode(text) || isLicenceBoilerplate(text) || isDateLine(text)) return false;
  if (/[,;]$/.test(text) || /^\[\d+\]|\S@\S+\.\p{L}|https?:|www\.|[=±×∑∫√$]/u.test(withoutCommandNames(text)) || TOC_LEADER.test(text))
    return false;
  // The letters are counted in the title without its number: "9.1.4 Bar" is mostly digits but its title is a word.
  const number = SECTION_NUMBER.exec(text);
  // A title may open with a markup tag ("<description>", "<br> - Line Break"); "<" or ">" anywhere else mark a formula or code.
  const title = (number ? text.slice(number[0].length) : text).replace(LEADING_TAG, (tag) => tag.slice(1, -1));
  if (/[<>]/.test(title)) return false;
  return letters(title) / Math.max(1, title.replace(/\s/g, '').length) >= 0.55;
}

const SECTION_NUMBER = new RegExp(String.raw`^(?:\d{1,2}|[A-H](?=\.\d))${SUB_NUMBERS}\.?\s+(?=\S)`);
const LEADING_TAG = /^<\/?\p{L}[\p{L}\d_:.-]*>(?=\s|$)/u;

/**
 * A title is a capitalised phrase: not a sentence, not a list of names, not a lead-in ending in a stop. A numbered
 * title set larger than the body may start in lowercase: small capitals read as lowercase, or a package name.
 */
function hasTitleShape(numbering: Numbering, larger: boolean): boolean {
  const title = numbering.title;
  const count = titleWordCount(title);
  if (numbering.kind !== 'chapter' && (count === 0 || letters(title) < 2)) return false;
  if (isCjkSentence(title, (numbering.number ?? '').includes('.'))) return false;
  if (count > 20) return false;
  // "3.1 k-means" is the one lowercase start a sub-number allows.
  if (/^\p{Ll}/u.test(title) && !(numbering.number ?? '').includes('.') && !(larger && numbering.kind === 'arabic')) return false;
  const commas = (title.match(/,/g) ?? []).length;
  // A numbered title in capitals may list things ("IV. FLOATS: FIGURES, TABLES, VIDEOS, ETC."); a list of names is mixed case.
  const listsInCaps = numbering.kind !== 'none' && isAllCaps(title);
  if (/[.!?]\s+\p{Ll}/u.test(title) || (commas >= 3 && !listsInCaps) || (commas >= 2 && /\b\p{Lu}\.\s/u.test(title))) return false;
  if (/[.:]$/.test(title) && count > 6) return false;
  if (numbering.kind !== 'none') return true;
  // Unnumbered, a trailing colon or full stop marks a paragraph lead-in ("Understanding citations.").
  return !/:$/.test(title) && (!/\.$/.test(title) || KNOWN_SECTION.test(title.slice(0, -1)));
}

/** Where the wrapped continuation of heading `first` starting at line `j` ends, or -1 if it does not continue. */
export function continuesHeading(
  flow: FlowLine[],
  first: Pick<HeadingCandidate, 'text' | 'size' | 'bold' | 'font' | 'caps'>,
  j: number,
): number {
  const prev = flow[j - 1];
  const line = flow[j];
  if (!line || line.page !== prev.page || line.columnStart) return -1;
  const end = rowEnd(flow, j);
  const row = flow.slice(j, end);
  // A word broken at the line's end goes on in the heading's weight, if in another font ("grundge-" over an italic "setze.sty").
  const brokenWord = first.bold && /\p{Ll}-$/u.test(prev.text);
  if (row.some((l) => Math.abs(l.size - first.size) > 0.3 || isBold(l) !== first.bold || (l.font !== first.font && !brokenWord))) return -1;
  const text = row.map((l) => l.text).join(' ');
  // Capitals are judged on the whole title: a word kept lowercase on purpose ("FORCED via") leaves it in capitals.
  const judged = first.caps ? `${first.text} ${text}` : text;
  const inCaps = (isAllCaps(judged) || row.every((l) => l.smallCaps)) && letters(judged) >= 5;
  // A colon ends a lead-in, except inside a title in capitals broken by hand ("I. FIRST-LEVEL HEADING:" over "THE LINE …").
  if (inCaps !== first.caps || /\.$/.test(prev.text) || (/:$/.test(prev.text) && !first.caps)) return -1;
  const gap = prev.y - line.y;
  if (gap <= 0 || gap > 2 * line.size) return -1;
  // A line ending in a colon introduces what follows ("Attribute values:"): it is not the title's second line.
  if (parseNumbering(text, false).kind !== 'none' || CAPTION.test(text) || /:$/.test(text)) return -1;
  return words(first.text).length + words(text).length <= 24 && letters(text) >= 2 ? end : -1;
}

/** Centred in its column with margins on both sides, as a heading is and a list item or a paragraph's last line is not. */
function isCentredInColumn(line: FlowLine): boolean {
  const width = line.columnRight - line.columnLeft;
  const mid = (line.x0 + line.x1) / 2;
  return (
    Math.abs(mid - (line.columnLeft + line.columnRight) / 2) < 0.03 * width &&
    line.x1 - line.x0 < 0.8 * width &&
    line.x0 - line.columnLeft > 2 * line.size
  );
}

/** A numbered title wrapped after a comma ("IV. FLOATS: FIGURES, TABLES, VIDEOS," over "ETC."): its shape is that of both lines. */
function breaksAtComma(flow: FlowLine[], i: number, line: FlowLine): boolean {
  if (!/,$/.test(line.text) || !isAllCaps(line.text)) return false;
  const next = continuesHeading(flow, { text: line.text, size: line.size, bold: isBold(line), font: line.font, caps: true }, i + 1);
  if (next < 0) return false;
  const joined = [line.text, ...flow.slice(i + 1, next).map((l) => l.text)].join(' ');
  return hasHeadingShape(joined);
}

export const isChapterLabel = (c: HeadingCandidate): boolean => c.numbering.kind === 'chapter' && c.numbering.title === '';

/**
 * Fonts other than the body font whose lines are nearly all short and standalone: heading fonts. A journal's bold
 * sans also sets its table's header cells, in smaller type: those do not count. A short line is a title's: a math
 * italic's fragments ("FE i", "A") have too few letters.
 */
export function findHeadingFonts(flow: FlowLine[], from: number, body: BodyStyle): Set<string> {
  const stats = new Map<string, { lines: number; short: number }>();
  for (let i = from; i < flow.length; i++) {
    const line = flow[i];
    if (line.font === body.font || MONOSPACE_FONT.test(line.font) || (line.rowPeers > 1 && line.size < 0.9 * body.size)) continue;
    const s = stats.get(line.font) ?? { lines: 0, short: 0 };
    s.lines++;
    const titleLike =
      words(line.text).length <= 12 && letters(line.text) >= 4 && /^[\p{Lu}\d]/u.test(line.text) && !/[.,;:-]$/.test(line.text);
    if (line.rowPeers === 1 && titleLike) s.short++;
    stats.set(line.font, s);
  }
  return new Set([...stats.entries()].filter(([, s]) => s.lines >= 2 && s.short / s.lines >= 0.7).map(([font]) => font));
}

/**
 * An unnumbered title printed three times or more is a label, not a section: a speaker in a play, "Example" above
 * each example, a running head set like a heading. The first one stays: it may be the section the label repeats.
 * Section names that recur in a fixed cycle (a reference entry's NAME, SYNOPSIS, OPTIONS …) all stay.
 */
export function dropRepeatedLabels(flow: FlowLine[], candidates: HeadingCandidate[]): HeadingCandidate[] {
  const key = (c: HeadingCandidate) => lineKey(c.text);
  const counts = new Map<string, number>();
  for (const c of candidates) if (c.numbering.kind === 'none') counts.set(key(c), (counts.get(key(c)) ?? 0) + 1);
  const repeated = (c: HeadingCandidate) => c.numbering.kind === 'none' && !c.references && (counts.get(key(c)) ?? 0) >= 3;
  const cycling = recurringSectionNames(
    flow,
    candidates.filter(repeated).map((c) => ({ key: key(c), start: c.start, end: c.end })),
  );
  const seen = new Set<string>();
  return candidates.filter((c) => {
    if (!repeated(c) || cycling.has(key(c))) return true;
    if (seen.has(key(c))) return false;
    seen.add(key(c));
    return true;
  });
}
