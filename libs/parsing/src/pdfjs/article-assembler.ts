import { ABSTRACT_SECTION_NUMBER, REFERENCES_SECTION_NUMBER, type ParsedArticle, type ParsedBlock, type ParsedSection } from '../article';
import { ocrProvenance } from '../ocr/ocr-blocks';
import { findBodyStyle, type BodyStyle } from './body-style';
import { orderPageLines } from './column-layout';
import { structuredAbstractParts } from './structured-abstract';
import { readKeywords } from './article-keywords';
import { abstractLane, type FrontMatter } from './front-matter';
import type { Heading } from './heading-detector';
import type { FlowLine, PageText, TextLine } from './layout.types';
import { buildVocabulary, type Vocabulary } from './line-joiner';
import { CITE_AS, findCiteNote } from './citation-line';
import { extractMetadata } from './metadata';
import { groupParagraphs, toBlock, type Paragraph } from './paragraphs';
import { findAuthorYearReferences, findUnlabeledReferences, splitReferences } from './references-splitter';
import { settleReferenceHeadings } from './reference-headings';
import { referencesFromSections } from './reference-list';
import type { PdfBookmark } from './pdf-bookmarks.reader';
import { splitRunInHeadings } from './run-in-headings';
import { openingSectionTitle } from './opening-section';
import { joinBareLabels } from './preface-labels';
import { addRunInSubheadings } from './run-in-subheadings';
import { numberSections } from './section-numbering';
import type { TableRegion } from './tables';
import type { TocRegion } from './toc-detector';
import { ABSTRACT_MARKER, KEYWORDS_MARKER } from './text-patterns';
import { readLayout } from './article-layout';
import { keepParagraph } from './paragraph-filter';
import { joinAcrossTables } from './table-joins';
import { foldTitleSlides, prefaceFillsPages, unusedFrontLines } from './title-slides';
import type { SlideDeck } from './slide-deck';
import { foldContinuedTitles, markSlideStarts, slideHeadings } from './slide-headings';
import { placeToc } from './toc-placement';

/** Less body-size text than this before the first heading opens no section: after an abstract it joins the abstract's. */
const MIN_UNTITLED_SECTION_CHARS = 400;

export interface AssembleInput {
  pages: PageText[];
  /** Running headers and footers removed from the pages: their text still names journal and year. */
  furniture: TextLine[];
  parserName: string;
  /** The PDF's own outline: when plausible it gives the headings and their hierarchy instead of the layout. */
  bookmarks?: PdfBookmark[];
  /** Set for a slide deck (`slide-deck.ts`): its navigation's sections stand in for detected headings. */
  slides?: SlideDeck | null;
}

/** Everything the section-building steps share about one document. */
interface Document {
  flow: FlowLine[];
  body: BodyStyle;
  front: FrontMatter;
  headings: Heading[];
  vocabulary: Vocabulary;
  firstPage: number;
  /** Index of the first heading's line, or the end of the flow. */
  firstHeading: number;
  /** First-page notes taken out of the text (licence, correspondence): metadata sources. */
  notes: string[];
  /** Tables found under their captions, in flow order: their lines become a caption and a Markdown table block. */
  tables: TableRegion[];
  /** A book's printed table of contents: its own section of `toc` blocks, never headings or paragraphs. */
  toc: TocRegion | null;
  /** Set for a slide deck: its title slides are said once. */
  slides: SlideDeck | null;
}

/** Turns the pages' text lines into the article: front matter, sections in reading order, references. */
export function assembleArticle({ pages, furniture, parserName, bookmarks = [], slides = null }: AssembleInput): ParsedArticle {
  const body = findBodyStyle(pages);
  const firstTextPage = pages.find((p) => p.lines.length > 0)?.number;
  const read = pages.flatMap((page) => orderPageLines(page, page.number === firstTextPage));
  const ordered = slides ? markSlideStarts(read) : read;
  const rules = new Map(pages.flatMap((p) => (p.rules?.length ? [[p.number, p.rules] as const] : [])));
  let layout = readLayout(ordered, body, rules, bookmarks);
  // A deck's navigation names its sections; its frame titles and block titles are the slides' text.
  const deckEntries = slides && (slides.entries.length >= 2 ? slides.entries : slides.sectionSlides);
  const deckSections = !layout.fromOutline && deckEntries && deckEntries.length >= 2;
  if (deckSections) layout = { ...layout, headings: slideHeadings(ordered, deckEntries) };
  // A paper without set-off headings may run its section names into the paragraphs ("Methods. We …").
  let runInSections = false;
  if (!layout.fromOutline && !deckSections && layout.headings.filter((h) => !h.references).length < 2) {
    const runIn = readLayout(splitRunInHeadings(ordered), body, rules);
    if (runIn.headings.length > layout.headings.length) [layout, runInSections] = [runIn, true];
  }
  // Under set-off section headings, sub-sections may run into their paragraphs ("Bacterial strains. Cells …").
  if (!layout.fromOutline && !runInSections && !deckSections) layout = addRunInSubheadings(layout);
  if (!layout.fromOutline && slides && !deckSections) layout = { ...layout, headings: foldContinuedTitles(layout.headings) };
  const { flow, tables, toc } = layout;
  // A deck's name as its navigation links it to the title slide beats the title slide's largest text (a logo's).
  const front = slides?.title ? { ...layout.front, title: slides.title } : layout.front;
  const headings = settleReferenceHeadings(flow, layout.headings);
  const doc: Document = {
    flow,
    body,
    front,
    headings,
    vocabulary: buildVocabulary(flow.map((l) => l.text)),
    firstPage: flow[0]?.page ?? 1,
    firstHeading: headings[0]?.start ?? flow.length,
    notes: [],
    tables,
    toc,
    slides,
  };
  const { sections, abstract } = buildSections(doc);
  const frontLines = [...flow.slice(0, front.bodyStart), ...furniture].filter((l) => l.page <= doc.firstPage + 1);
  const metadata = extractMetadata(
    [...frontLines.map((l) => l.text), ...doc.notes],
    pages.slice(0, 2).flatMap((p) => p.sideText),
    {
      citeNote: findCiteNote(ordered.map((l) => l.text)),
      firstPage: ordered.filter((l) => l.page === doc.firstPage).map((l) => l.text),
    },
  );
  const references = referencesFromSections(sections);
  return {
    title: front.title,
    authors: front.authors,
    abstract,
    ...metadata,
    affiliations: front.affiliations,
    keywords: readKeywords(sections),
    references,
    pageCount: pages.length,
    sections,
    parsers: [parserName],
  };
}

function buildSections(doc: Document): { sections: ParsedSection[]; abstract: string } {
  const { flow, front, headings, vocabulary, firstHeading } = doc;
  const sections: ParsedSection[] = [];
  const { abstractBlocks, leftover, abstractParagraphs } = readAbstract(doc);
  const structured = structuredAbstractParts(abstractParagraphs, ABSTRACT_SECTION_NUMBER);
  const abstractOwn = structured ? structured.intro.map(toBlock) : abstractBlocks;
  if (abstractBlocks.length) sections.push({ number: ABSTRACT_SECTION_NUMBER, title: 'Abstract', level: 1, blocks: abstractOwn });
  if (structured) sections.push(...structured.parts);

  const bodyFrom = Math.max(front.bodyStart, abstractEnd(front, firstHeading, doc.tables));
  const lastSectionStart = headings.length ? headings[headings.length - 1].end : bodyFrom;
  const trailing = flow.slice(lastSectionStart);
  const unlabeledReferences = headings.some((h) => h.references)
    ? null
    : // "[1]" lists may sit before a short closing section ("Acknowledgments:" run in after them in the flow).
      (findUnlabeledReferences(trailing) ??
      findUnlabeledReferences(flow.slice(bodyFrom)) ??
      findAuthorYearReferences(headings.length ? trailing : flow.slice(bodyFrom)));
  const tocLines = new Set(doc.toc?.lines.map((i) => flow[i]));
  const paragraphsIn = (from: number, to: number, keep = (p: Paragraph) => keepParagraph(doc, p)) =>
    groupParagraphs(
      flow.slice(from, to).filter((l) => !unlabeledReferences?.has(l) && !tocLines.has(l)),
      vocabulary,
    ).filter(keep);
  // Paragraphs and, where a table sits, its caption and Markdown blocks in flow order.
  const blocksIn = (from: number, to: number): ParsedBlock[] => {
    const out: ParsedBlock[] = [];
    let at = from;
    for (const table of doc.tables) {
      if (table.start < from || table.start >= to) continue;
      // A table read by OCR carries its confidence and the box around its lines, like an OCR'd paragraph.
      const ocr = ocrProvenance(flow.slice(table.start, table.end));
      out.push(...paragraphsIn(at, table.start).map(toBlock), ...table.blocks.map((b) => ({ ...b, ...ocr })));
      at = Math.min(to, table.end);
    }
    return joinAcrossTables([...out, ...paragraphsIn(at, to).map(toBlock)]);
  };

  // Text between the abstract and the first heading: a section of its own only if it is substantial (or holds a table).
  // A note on how to cite the article is content, though it names the proceedings: kept, and still read for metadata.
  const keepPreface = (p: Paragraph) => keepParagraph(doc, p) || CITE_AS.test(p.text);
  const leftoverKept = joinBareLabels(leftover).filter((p) => keepPreface(p) && !p.lines.some((l) => tocLines.has(l)));
  const slides =
    abstractBlocks.length || front.abstract
      ? []
      : groupParagraphs(
          unusedFrontLines(doc).filter((l) => !tocLines.has(l)),
          vocabulary,
        );
  // A book's title page before a contents that precedes every heading is front matter (title, authors, edition), read as
  // such and not a passage: the opening section after the contents would otherwise hold text from both sides of it.
  const toc = doc.toc && doc.toc.start <= firstHeading ? doc.toc : null;
  const beforeToc = (p: Paragraph) => !!toc && flow.indexOf(p.lines[0]) < toc.start;
  const titleSlides = slides.filter((p) => !beforeToc(p));
  const preface = [...titleSlides, ...leftoverKept, ...paragraphsIn(bodyFrom, firstHeading)];
  const prefaceTable = doc.tables.some((t) => t.start >= bodyFrom && t.start < firstHeading);
  const prefaceChars = preface.filter((p) => p.lines[0].size >= doc.body.size - 0.5).reduce((n, p) => n + p.text.length, 0);
  // Never drop text (issue 20): with no heading and no abstract, a short preface is the whole document.
  const untitled =
    prefaceChars >= MIN_UNTITLED_SECTION_CHARS ||
    prefaceTable ||
    (preface.length > 0 && headings.length === 0 && !abstractBlocks.length) ||
    titleSlides.length > 0 ||
    (front.openingProse === true && preface.length > 0) ||
    prefaceFillsPages(doc, preface, bodyFrom);
  const numbering = numberSections(headings, untitled);
  // Short text after an abstract (keywords, CCS concepts, a reference-format note) is front matter: it joins the
  // abstract's section, where keywords are read, rather than open an "Introduction" of its own; licence notes stay out.
  const abstractSections = abstractBlocks.length ? 1 + (structured?.parts.length ?? 0) : 0;
  if (!untitled && abstractSections) {
    const last = sections[abstractSections - 1];
    const after = joinBareLabels(paragraphsIn(bodyFrom, firstHeading, () => true)).filter(keepPreface);
    const extra = [...leftoverKept, ...after].map(toBlock);
    sections[abstractSections - 1] = { ...last, blocks: [...last.blocks, ...extra] };
  }
  const prefaceAt = sections.length;
  if (untitled)
    sections.push({
      number: numbering.untitledNumber,
      title: openingSectionTitle(headings, abstractBlocks.length > 0 || front.abstract !== null),
      level: 1,
      blocks: ((blocks) => (doc.slides ? foldTitleSlides(blocks, front.title) : blocks))([
        ...titleSlides.map(toBlock),
        ...leftoverKept.map(toBlock),
        ...blocksIn(bodyFrom, firstHeading),
      ]),
    });

  const headingsAt = sections.length;
  headings.forEach((heading, k) => {
    const to = headings[k + 1]?.start ?? flow.length;
    const blocks: ParsedBlock[] = heading.references ? splitReferences(flow.slice(heading.end, to), vocabulary) : blocksIn(heading.end, to);
    sections.push({
      number: heading.references ? REFERENCES_SECTION_NUMBER : numbering.numbers[k],
      title: heading.title,
      level: heading.level,
      blocks,
    });
  });
  // Text printed after the contents (a page the entries' scan stopped short of) is listed after them, never before.
  const untitledAfterToc = !!doc.toc && preface.length > 0 && flow.indexOf(preface[0].lines[0]) > doc.toc.start;
  placeToc(sections, doc, { prefaceAt, headingsAt, untitledAfterToc });
  if (unlabeledReferences) {
    sections.push({
      number: REFERENCES_SECTION_NUMBER,
      title: 'References',
      level: 1,
      blocks: splitReferences([...unlabeledReferences], vocabulary),
    });
  }
  const abstract = abstractBlocks
    .filter((b) => !KEYWORDS_MARKER.test(b.text))
    .map((b) => b.text)
    .join('\n\n');
  return { sections, abstract };
}

function abstractEnd(front: FrontMatter, firstHeading: number, tables: TableRegion[]): number {
  if (!front.abstract) return front.bodyStart;
  const end = front.abstractRunsToHeading ? firstHeading : front.abstract.end;
  // An abstract running to the first heading stops at a table printed before it.
  const table = tables.find((t) => t.start >= (front.abstract?.start ?? 0));
  return table ? Math.min(end, table.start) : end;
}

/**
 * The abstract's paragraphs: after an "Abstract" label up to the first heading, as long as they keep the
 * style of the first one (footnotes and the like that follow are left over for the body); a keywords
 * paragraph stays in the section but not in the abstract text.
 */
function readAbstract({ flow, front, firstHeading, vocabulary, tables }: Document): {
  abstractBlocks: ParsedBlock[];
  abstractParagraphs: Paragraph[];
  leftover: Paragraph[];
} {
  if (!front.abstract) return { abstractBlocks: [], abstractParagraphs: [], leftover: [] };
  const { start, inlineText } = front.abstract;
  const range = flow.slice(inlineText ? start - 1 : start, abstractEnd(front, firstHeading, tables));
  const lane = abstractLane(range);
  const paragraphs = groupParagraphs(lane, vocabulary);
  const first = paragraphs[0];
  if (!first) return { abstractBlocks: [], abstractParagraphs: [], leftover: [] };
  if (inlineText) first.text = first.text.replace(ABSTRACT_MARKER, '$2').trim();
  const size = (p: Paragraph) => p.lines[0].size.toFixed(0);
  let taken = 1;
  while (taken < paragraphs.length && size(paragraphs[taken]) === size(first) && paragraphs[taken].lines[0].page <= first.lines[0].page + 1)
    taken++;
  const abstractParagraphs = paragraphs.slice(0, taken);
  // Past the lane's last line the flow runs on into the next column before the first heading (an ACM page's KEYWORDS):
  // left over too, never lost. Lines read beside the lane, or left of it, are a sidebar and stay out.
  const [last, laneLeft] = [lane[lane.length - 1], Math.min(...lane.map((l) => l.x0))];
  const nextColumn = range.slice(range.lastIndexOf(last) + 1).filter((l) => l.page > last.page || l.x0 >= laneLeft - 1);
  const leftover = [...paragraphs.slice(taken), ...groupParagraphs(nextColumn, vocabulary)];
  return { abstractBlocks: abstractParagraphs.map(toBlock), abstractParagraphs, leftover };
}
