import type { BodyStyle } from './body-style';
import { evaluateLine } from './heading-candidates';
import { isBold, type FlowLine } from './layout.types';
import { extractAffiliations, extractAuthors } from './authors';
import {
  ABSTRACT_MARKER,
  CAPTION,
  CJK_ABSTRACT_LABEL,
  CJK_ABSTRACT_RUN_IN,
  COPYRIGHT_TERMS,
  isLetterSpaced,
  letters,
  words,
} from './text-patterns';
import { isMostlyCjk } from './cjk-text';
import { keywordsAbstract } from './front-matter-keywords';
import { isOrganisation, organisationAuthor } from './front-matter-organisations';

export interface FrontMatter {
  title: string;
  authors: string[];
  affiliations: string[];
  /** Flow indexes [start, end) of the abstract text, or null when none was found. */
  abstract: { start: number; end: number; inlineText: string } | null;
  /** When the abstract has an "Abstract" label, it runs until the first heading after it. */
  abstractRunsToHeading: boolean;
  /** Flow index where the body starts; lines before it (title, authors, affiliations) are front matter. */
  bodyStart: number;
  /** The body opens with a short CJK paragraph before its first heading: a section however short (cjkOpeningParagraph). */
  openingProse?: boolean;
}

/** The front matter is looked for on the first pages only. */
const FRONT_PAGES = 3;
const BOOK_FRONT_PAGES = 15;
const TITLE_NOISE = new RegExp(
  String.raw`(${COPYRIGHT_TERMS}|proceedings of|journal of|transactions on|\bissn\b|\bdoi\b|https?:|www\.|received|accepted|published|arxiv|preprint|\bvol\.|volume \d|\bpp\.|\bpages?\s+\d|research article|original (article|research)|submitted to)`,
  'i',
);

export function readFrontMatter(flow: FlowLine[], body: BodyStyle): FrontMatter {
  const { frontEnd, bodyStart, abstract, labelled, openingProse } = locateBody(flow, body);
  const title = findTitle(flow, frontEnd, body);
  const between = title
    ? flow
        .slice(title.start, Math.max(frontEnd, title.end))
        .filter((l, k) => !title.lines.has(title.start + k) && l.page === flow[title.start].page)
    : [];
  // A society or committee printed as an affiliation ("¹American Astronomical Society") is no person.
  const people = extractAuthors(between).filter((name) => !isOrganisation(name));
  const authors = people.length ? people : organisationAuthor(between);
  return {
    title: title?.text ?? '',
    authors,
    affiliations: extractAffiliations(between),
    abstract,
    abstractRunsToHeading: labelled,
    bodyStart,
    ...(openingProse ? { openingProse } : {}),
  };
}

interface BodyLocation {
  /** Where the title/author block ends. */
  frontEnd: number;
  bodyStart: number;
  abstract: FrontMatter['abstract'];
  labelled: boolean;
  openingProse?: boolean;
}

/**
 * The first of: an "Abstract" label, a numbered or well-known heading, or a paragraph, on the first
 * pages. Without a label, an abstract shows as a first paragraph styled unlike the body text after it.
 */
function locateBody(flow: FlowLine[], body: BodyStyle): BodyLocation {
  const firstPage = flow[0]?.page ?? 1;
  const inFront = (i: number) => i < flow.length && flow[i].page < firstPage + FRONT_PAGES;
  const ctx = { body, headingFonts: new Set<string>(), inAppendix: false };
  let heading = -1;
  for (let i = 0; inFront(i); i++) {
    if (isAbstractMarker(flow[i])) {
      const inlineText = ABSTRACT_MARKER.exec(flow[i].text)?.[2].trim() ?? '';
      return { frontEnd: i, bodyStart: i + 1, abstract: { start: i + 1, end: i + 1, inlineText }, labelled: true };
    }
    const candidate = evaluateLine(flow, i, ctx);
    if (
      candidate &&
      candidate.strength >= 1 &&
      (candidate.known || candidate.numbering.kind === 'arabic' || candidate.numbering.kind === 'roman')
    ) {
      heading = i;
      break;
    }
  }
  const limit = heading >= 0 ? heading : flow.findIndex((_, i) => !inFront(i));
  const end = limit < 0 ? flow.length : limit;
  const first = nextParagraphRun(flow, 0, end);
  if (!first) {
    // A short CJK opening paragraph before the first heading ("现将调查情况报告如下。") is body text, not front matter.
    const opening = heading >= 0 ? cjkOpeningParagraph(flow, heading, body) : -1;
    if (opening >= 0) return { frontEnd: opening, bodyStart: opening, abstract: null, labelled: false, openingProse: true };
    // Books: title page, copyright, dedication… the body starts at the first real heading.
    const start = heading >= 0 ? heading : firstStrongHeading(flow, body, firstPage + BOOK_FRONT_PAGES);
    return beforeKeywords(flow, heading >= 0 ? heading : end) ?? { frontEnd: start, bodyStart: start, abstract: null, labelled: false };
  }
  const second = nextParagraphRun(flow, first.end, flow.length);
  const firstRunPage = flow[first.start].page;
  if (second && first.style !== second.style && firstRunPage === firstPage && flow[second.start].page - firstRunPage <= 1) {
    return {
      frontEnd: first.start,
      // A heading found between the abstract and the next paragraph starts the body.
      bodyStart: heading >= first.end ? Math.min(second.start, heading) : second.start,
      abstract: { start: first.start, end: first.end, inlineText: '' },
      labelled: false,
    };
  }
  return beforeKeywords(flow, end) ?? { frontEnd: first.start, bodyStart: first.start, abstract: null, labelled: false };
}

/**
 * Where a paragraph of CJK prose set in the body's size ends right at the first heading, too short for a
 * paragraph run: consecutive mostly-CJK lines on the heading's page, ending in a sentence stop (。！？), so an author or
 * affiliation line (no stop) is never taken. -1 when there is none.
 */
function cjkOpeningParagraph(flow: FlowLine[], heading: number, body: BodyStyle): number {
  let start = heading;
  while (
    start > 0 &&
    flow[start - 1].page === flow[heading].page &&
    Math.abs(flow[start - 1].size - body.size) < 0.5 &&
    isMostlyCjk(flow[start - 1].text)
  )
    start--;
  if (start === heading || !/[。！？]["'”’」』）)]*$/.test(flow[heading - 1].text.trim())) return -1;
  return start;
}

/** An unlabelled abstract found by the keywords line after it; the keywords start the body. */
function beforeKeywords(flow: FlowLine[], limit: number): BodyLocation | null {
  const block = keywordsAbstract(flow, limit);
  return block && { frontEnd: block.start, bodyStart: block.end, abstract: { ...block, inlineText: '' }, labelled: false };
}

function firstStrongHeading(flow: FlowLine[], body: BodyStyle, beforePage: number): number {
  const ctx = { body, headingFonts: new Set<string>(), inAppendix: false };
  for (let i = 0; i < flow.length && flow[i].page < beforePage; i++) {
    const candidate = evaluateLine(flow, i, ctx);
    if (candidate && candidate.strength >= 1 && (candidate.known || candidate.numbering.kind !== 'none')) return i;
  }
  return 0;
}

function isAbstractMarker(line: FlowLine): boolean {
  const m = ABSTRACT_MARKER.exec(line.text);
  if (!m) return false;
  const rest = m[2].trim();
  // A bare label may share its baseline with a sidebar or the other column; a run-in one must stand alone.
  if (!rest) return words(line.text).length <= 2 && (line.rowPeers === 1 || isBold(line) || line.text === line.text.toUpperCase());
  if (line.rowPeers > 1) return false;
  // CJK has no capitals: a run-in label is set off by a colon or dash ("摘要：本文…"), or bold.
  if (CJK_ABSTRACT_LABEL.test(m[1])) return CJK_ABSTRACT_RUN_IN.test(line.text) || line.runs[0]?.bold === true;
  // A label is capitalised: "abstract is typeset as …" is a bold abstract's own line wrapped onto the word.
  if (!/^[A-Z]/.test(line.text)) return false;
  // Run-in label: "Abstract—We …", "ABSTRACT: …", or a bold label followed by regular text.
  return (
    /^(abstract|a\s?b\s?s\s?t\s?r\s?a\s?c\s?t)/i.test(line.text) &&
    (/^\S+\s*[:.\u2014\u2013-]/.test(line.text) || line.runs[0]?.bold === true)
  );
}

interface Run {
  start: number;
  end: number;
  style: string;
}

/** The next run of at least four same-style, mostly full-width lines: a paragraph, not a title block. */
function nextParagraphRun(flow: FlowLine[], from: number, to: number): Run | null {
  for (let i = from; i < to;) {
    const style = `${flow[i].size.toFixed(0)}|${isBold(flow[i])}`;
    let j = i + 1;
    while (
      j < flow.length &&
      flow[j].page === flow[i].page &&
      `${flow[j].size.toFixed(0)}|${isBold(flow[j])}` === style &&
      flow[j - 1].y - flow[j].y < 1.8 * flow[j].size
    )
      j++;
    const run = flow.slice(i, j);
    const chars = run.reduce((n, l) => n + l.text.length, 0);
    const wide = run.filter((l) => l.x1 - l.x0 >= 0.7 * (l.columnRight - l.columnLeft)).length;
    // A list of affiliations, each opening with its marker ("¹Institute for …"), is not a paragraph.
    const marked = run.filter(opensWithMarker).length;
    if (run.length >= 4 && chars >= 300 && wide >= 0.6 * run.length && marked < 0.4 * run.length) return { start: i, end: j, style };
    i = j;
  }
  return null;
}

/** A line opening with a raised affiliation marker set smaller than its text. */
function opensWithMarker(line: FlowLine): boolean {
  const [marker, text] = line.runs;
  return !!marker && !!text && /^\s*[\d*∗†‡§¶a-e]{1,2}\s*$/.test(marker.text) && marker.size < 0.9 * text.size;
}

/**
 * A line of names set like the title ("¹Taofik Mohammed IBRAHIM and ²Grace NWOSU"): person names with
 * raised affiliation markers. It ends the title.
 */
function isAuthorLine(line: FlowLine): boolean {
  const main = Math.max(...line.runs.map((r) => r.size));
  const markers = line.runs.filter(
    (r) => r.text.trim() && /^[\s\d,*∗†‡§¶#a-e]+$/.test(r.text) && r.size < 0.9 * main && r.y > line.y + 0.1 * main,
  );
  return markers.length > 0 && extractAuthors([line]).length > 0;
}

/** The largest text on the first page above the abstract, set larger than the body, skipping venue, licence and logo lines. */
interface TitleBlock {
  start: number;
  end: number;
  /** The title's own lines in [start, end): lines of a sidebar read between them are not among them. */
  lines: Set<number>;
  text: string;
}

function findTitle(flow: FlowLine[], frontEnd: number, body: BodyStyle): TitleBlock | null {
  const page = flow[0]?.page;
  let best = -1;
  let banner = -1;
  for (let i = 0; i < Math.max(frontEnd, Math.min(flow.length, 60)); i++) {
    const line = flow[i];
    if (line.page !== page || (frontEnd > 0 && i >= frontEnd)) break;
    if (TITLE_NOISE.test(line.text) || CAPTION.test(line.text) || isLetterSpaced(line.text)) continue;
    if (isBannerWord(line, body) && (banner < 0 || line.size > flow[banner].size)) banner = i;
    if (letters(line.text) < 6 || words(line.text).length < 2) continue;
    if (letters(line.text) / line.text.replace(/\s/g, '').length < 0.6 || line.size < body.size + 1) continue;
    if (best < 0 || line.size > flow[best].size + 0.2) best = i;
  }
  if (banner >= 0 && (best < 0 || flow[banner].size > BANNER_OVER_TITLE * flow[best].size)) return bannerTitle(flow, banner, body);
  if (best < 0) return boldBodyTitle(flow, frontEnd, body);
  const same = (a: FlowLine, b: FlowLine) => a.page === b.page && sameTitleStyle(a, b) && Math.abs(a.y - b.y) < 2.4 * a.size;
  const picked = [best];
  for (
    let k = nextInLane(flow, best, -1);
    k >= 0 && same(flow[k], flow[picked[0]]) && !TITLE_NOISE.test(flow[k].text);
    k = nextInLane(flow, k, -1)
  )
    picked.unshift(k);
  for (
    let k = nextInLane(flow, best, 1);
    k >= 0 && picked.length < 6 && same(flow[picked[picked.length - 1]], flow[k]) && !isAuthorLine(flow[k]);
    k = nextInLane(flow, k, 1)
  )
    picked.push(k);
  const text = picked
    .map((i) => flow[i].text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/[*∗†‡]+$/, '')
    .trim();
  return { start: picked[0], end: picked[picked.length - 1] + 1, lines: new Set(picked), text };
}

/**
 * A manual's or book's title page may set its name as one word far above everything else ("Gri", "Octave"), with the
 * subtitle below in text size; such a word outranks a multi-word line (the author's name) only by this much.
 */
const BANNER_SIZE = 1.6;
const BANNER_OVER_TITLE = 1.25;
const EDITION_LINE = /\b(version|edition|release|revision|draft)\b|\b\d{4}\b|^v?\d+(\.\d+)+/i;

const isBannerWord = (line: FlowLine, body: BodyStyle) =>
  words(line.text).length === 1 && letters(line.text) >= 3 && line.size >= BANNER_SIZE * body.size;

/** The banner word, with the subtitle set right under it ("Gri: A Program to Make Science Graphs"). */
function bannerTitle(flow: FlowLine[], at: number, body: BodyStyle): TitleBlock {
  const banner = flow[at];
  // The next line, not the next in lane: texinfo sets the subtitle flush right under a title flush left.
  const next = at + 1;
  const sub = next < flow.length && flow[next].page === banner.page ? flow[next] : null;
  const subtitle =
    sub &&
    sub.size >= body.size * 0.95 &&
    sub.size < banner.size &&
    Math.abs(banner.y - sub.y) < 3 * banner.size &&
    words(sub.text).length >= 2 &&
    words(sub.text).length <= 12 &&
    !EDITION_LINE.test(sub.text) &&
    !TITLE_NOISE.test(sub.text);
  const picked = subtitle ? [at, next] : [at];
  const text = subtitle ? `${banner.text.trim().replace(/[:.]$/, '')}: ${sub.text.trim()}` : banner.text.trim();
  return { start: at, end: picked[picked.length - 1] + 1, lines: new Set(picked), text };
}

/**
 * With nothing set larger than the text (a word-processor memo or style sheet), the title is the first bold line
 * standing alone at the top of the first page: a few words, not numbered, not a sentence.
 */
function boldBodyTitle(flow: FlowLine[], frontEnd: number, body: BodyStyle): TitleBlock | null {
  const page = flow[0]?.page;
  const limit = Math.min(frontEnd > 0 ? frontEnd : flow.length, BOLD_TITLE_LINES);
  for (let i = 0; i < limit && flow[i].page === page; i++) {
    const line = flow[i];
    const n = words(line.text).length;
    if (!isBold(line) || line.size < body.size - 0.5 || n < 2 || n > 16 || letters(line.text) < 6) continue;
    if (/[.:;,]$/.test(line.text.trim()) || /^(\d+|[ivxlc]+|[a-z])[.)]\s/i.test(line.text) || TITLE_NOISE.test(line.text)) continue;
    if (CAPTION.test(line.text) || isLetterSpaced(line.text) || line.rowPeers > 1) continue;
    return { start: i, end: i + 1, lines: new Set([i]), text: line.text.replace(/\s+/g, ' ').trim() };
  }
  return null;
}

/** How far down the first page a bold body-size line may be and still be the title. */
const BOLD_TITLE_LINES = 8;

/** Lines a sidebar may interleave with a title, before the title's next line turns up. */
const LANE_LOOKAHEAD = 4;

/**
 * The index of the next line (step +1) or previous line (-1) on the same page that overlaps line `from`
 * horizontally, skipping lines of another lane (a sidebar read interleaved with the title); -1 when none.
 */
function nextInLane(flow: FlowLine[], from: number, step: 1 | -1): number {
  const line = flow[from];
  for (let k = from + step, n = 0; k >= 0 && k < flow.length && n < LANE_LOOKAHEAD && flow[k].page === line.page; k += step, n++)
    if (flow[k].x0 < line.x1 && flow[k].x1 > line.x0) return k;
  return -1;
}

/** "Times-Italic", "Times-Roman" → "times": the face without its slant, so a title line with an italic species name still continues. */
const fontFamily = (font: string) => font.toLowerCase().replace(/[-_,]?(regular|roman|book|italic|oblique|ital|it|slanted|sl)$/, '');

/**
 * Two lines set in one title style: the same size and weight, and a font in common (or the same family), since
 * a wrapped title may have its dominant font changed by an italic name ("… after eradication of *H. pylori*").
 */
export function sameTitleStyle(a: FlowLine, b: FlowLine): boolean {
  if (Math.abs(a.size - b.size) >= 0.3 || isBold(a) !== isBold(b)) return false;
  if (a.font === b.font || fontFamily(a.font) === fontFamily(b.font)) return true;
  const fonts = new Set(a.runs.filter((r) => r.text.trim() && Math.abs(r.size - a.size) < 0.3).map((r) => r.font));
  return b.runs.some((r) => r.text.trim() && Math.abs(r.size - b.size) < 0.3 && fonts.has(r.font));
}

/**
 * The abstract's own lines: those horizontally within the extent of its dominant text size. A narrow sidebar
 * (affiliations, correspondence, dates) read interleaved with the abstract beside it is left out.
 */
export function abstractLane(lines: FlowLine[]): FlowLine[] {
  const chars = new Map<string, number>();
  for (const l of lines) chars.set(l.size.toFixed(0), (chars.get(l.size.toFixed(0)) ?? 0) + l.text.length);
  const dominant = [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const main = lines.filter((l) => l.size.toFixed(0) === dominant);
  if (main.length === 0) return lines;
  const left = Math.min(...main.map((l) => l.x0));
  const right = Math.max(...main.map((l) => l.x1));
  return lines.filter((l) => l.x1 > left && l.x0 < right);
}

/**
 * A "heading" right after a labelled abstract set smaller than its label is sidebar text read beside the
 * abstract ("Received 3 March 2020"), not the heading that ends it — unless a heading as large as the label came
 * between (`headingStarts`, the flow indexes of the headings found): then the body has begun, as in a thesis whose
 * "摘要" is set as large as its chapters and whose "1.1" sections follow the first chapter's title.
 */
export function smallerThanAbstractLabel(
  flow: FlowLine[],
  front: FrontMatter,
  line: number,
  headingStarts: readonly number[] = [],
): boolean {
  if (!front.abstract || !front.abstractRunsToHeading || line < front.abstract.start) return false;
  const label = flow[front.abstract.start - 1];
  if (label === undefined || line - front.abstract.start >= ABSTRACT_SIDEBAR_REACH || flow[line].size >= 0.9 * label.size) return false;
  const start = front.abstract.start;
  return !headingStarts.some((h) => h >= start && h < line && flow[h].size >= 0.9 * label.size);
}

/** How far past an abstract label a sidebar may still be read beside it, in lines. */
const ABSTRACT_SIDEBAR_REACH = 40;
