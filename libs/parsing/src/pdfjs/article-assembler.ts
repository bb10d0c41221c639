import { ABSTRACT_SECTION_NUMBER, REFERENCES_SECTION_NUMBER, type ParsedArticle, type ParsedBlock, type ParsedSection } from '../article';
import { findBodyStyle, type BodyStyle } from './body-style';
import { orderPageLines } from './column-layout';
import { readFrontMatter, type FrontMatter } from './front-matter';
import { detectHeadings, type Heading } from './heading-detector';
import type { FlowLine, PageText, TextLine } from './layout.types';
import { extractMetadata } from './metadata';
import { buildVocabulary } from './line-joiner';
import { groupParagraphs, toBlock, type Paragraph } from './paragraphs';
import { findUnlabeledReferences, splitReferences } from './references-splitter';
import { numberSections } from './section-numbering';
import { ABSTRACT_MARKER, KEYWORDS_MARKER, letters } from './text-patterns';

/** Less body-size text than this before the first heading is cover-page or copyright residue. */
const MIN_UNTITLED_SECTION_CHARS = 400;
/** Licence, venue and correspondence notes printed small on the first pages. */
const FIRST_PAGE_NOTE = /©|copyright|licen[cs]e|creative commons|proceedings of|all rights reserved|open access|distributed under|correspondence|e-?mail|full list of author information|permissions|published online/i;

export interface AssembleInput {
  pages: PageText[];
  /** Running headers and footers removed from the pages: their text still names journal and year. */
  furniture: TextLine[];
  parserName: string;
}

export function assembleArticle({ pages, furniture, parserName }: AssembleInput): ParsedArticle {
  const body = findBodyStyle(pages);
  const firstTextPage = pages.find((p) => p.lines.length > 0)?.number;
  const flow = pages.flatMap((page) => orderPageLines(page, page.number === firstTextPage));
  const front = readFrontMatter(flow, body);
  const headings = detectHeadings(flow, front.bodyStart, body);
  const vocabulary = buildVocabulary(flow.map((l) => l.text));
  const firstHeading = headings[0]?.start ?? flow.length;
  const firstPage = flow[0]?.page ?? 1;
  const notes: string[] = [];
  const keepParagraph = (p: Paragraph): boolean => {
    // Stray footnote numbers and equation labels carry no text of their own.
    if (letters(p.text) < 3 && p.text.length < 16) return false;
    const small = p.lines[0].size < body.size - 0.3;
    const note = p.lines[0].page <= firstPage + 1 && small && FIRST_PAGE_NOTE.test(p.text);
    if (note) notes.push(p.text);
    return !note;
  };

  const sections: ParsedSection[] = [];
  const { abstractBlocks, leftover } = readAbstract(flow, front, firstHeading, vocabulary);
  const lastStart = headings.length ? headings[headings.length - 1].end : Math.max(front.bodyStart, abstractEnd(front, firstHeading));
  const unlabeled = headings.some((h) => h.references) ? null : findUnlabeledReferences(flow.slice(lastStart));
  const bodyLines = (from: number, to: number) => flow.slice(from, to).filter((l) => !unlabeled?.has(l));
  if (abstractBlocks.length) sections.push({ number: ABSTRACT_SECTION_NUMBER, title: 'Abstract', level: 1, blocks: abstractBlocks });
  const preface = [...leftover, ...groupParagraphs(bodyLines(Math.max(front.bodyStart, abstractEnd(front, firstHeading)), firstHeading), vocabulary)].filter(keepParagraph);
  const untitled = preface.filter((p) => p.lines[0].size >= body.size - 0.5).reduce((n, p) => n + p.text.length, 0) >= MIN_UNTITLED_SECTION_CHARS;
  const numbered = numberSections(headings, untitled);
  if (untitled) sections.push({ number: numbered.untitledNumber, title: '', level: 1, blocks: preface.map(toBlock) });
  headings.forEach((heading, k) => {
    const lines = bodyLines(heading.end, headings[k + 1]?.start ?? flow.length);
    const blocks: ParsedBlock[] = heading.references ? splitReferences(lines, vocabulary) : groupParagraphs(lines, vocabulary).filter(keepParagraph).map(toBlock);
    const number = heading.references ? REFERENCES_SECTION_NUMBER : numbered.numbers[k];
    sections.push({ number, title: heading.title, level: heading.level, blocks });
  });
  if (unlabeled) sections.push({ number: REFERENCES_SECTION_NUMBER, title: 'References', level: 1, blocks: splitReferences([...unlabeled], vocabulary) });

  const frontText = [...flow.slice(0, front.bodyStart).filter((l) => l.page <= firstPage + 1).map((l) => l.text), ...notes, ...furniture.filter((l) => l.page <= firstPage + 1).map((l) => l.text)];
  const metadata = extractMetadata(frontText, pages.slice(0, 2).flatMap((p) => p.sideText));
  const abstract = abstractBlocks.filter((b) => !KEYWORDS_MARKER.test(b.text)).map((b) => b.text).join('\n\n');
  return { title: front.title, authors: front.authors, abstract, ...metadata, pageCount: pages.length, sections, parsers: [parserName] };
}

function abstractEnd(front: FrontMatter, firstHeading: number): number {
  if (!front.abstract) return front.bodyStart;
  return front.abstractRunsToHeading ? firstHeading : front.abstract.end;
}

/**
 * The abstract's paragraphs: after an "Abstract" label up to the first heading, as long as they keep the
 * style of the first one (footnotes and the like that follow are left over for the body); a keywords
 * paragraph stays in the section but not in the abstract text.
 */
function readAbstract(flow: FlowLine[], front: FrontMatter, firstHeading: number, vocabulary: Set<string>): { abstractBlocks: ParsedBlock[]; leftover: Paragraph[] } {
  if (!front.abstract) return { abstractBlocks: [], leftover: [] };
  const { start, inlineText } = front.abstract;
  const end = abstractEnd(front, firstHeading);
  const lines = flow.slice(inlineText ? start - 1 : start, end);
  const paragraphs = groupParagraphs(lines, vocabulary);
  if (inlineText && paragraphs.length) paragraphs[0].text = paragraphs[0].text.replace(ABSTRACT_MARKER, '$2').trim();
  const first = paragraphs[0];
  if (!first) return { abstractBlocks: [], leftover: [] };
  const style = (p: Paragraph) => `${p.lines[0].size.toFixed(0)}`;
  let taken = 1;
  while (taken < paragraphs.length && style(paragraphs[taken]) === style(first) && paragraphs[taken].lines[0].page <= first.lines[0].page + 1) taken++;
  return { abstractBlocks: paragraphs.slice(0, taken).map(toBlock), leftover: paragraphs.slice(taken) };
}

export function hasTextLayer(pages: PageText[]): boolean {
  const chars = pages.reduce((n, p) => n + p.lines.reduce((m, l) => m + l.text.replace(/\s/g, '').length, 0), 0);
  return chars >= 16 * Math.max(1, pages.length);
}

export type { BodyStyle };
