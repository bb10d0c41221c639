import { REFERENCES_SECTION_NUMBER, type ParsedArticle, type ParsedBlock, type ParsedSection } from '../article';
import { ParserOutputError } from '../service-errors';
import { readTeiBody } from './tei-body.reader';
import type { DraftBlock } from './tei-draft';
import { placeFloats } from './tei-floats';
import { readTeiHeader } from './tei-header.reader';
import { children, findChild, parseXml, type TeiNode } from './tei-nodes';
import { outlineSections } from './tei-numbering';
import { referenceBlocks, referenceData } from './tei-references';

const SERVICE = 'grobid';

/**
 * Turns a GROBID TEI document (0.5.5 to 0.8.x, and the 2015 format) into the shared article structure.
 * Blocks get their page from GROBID's coordinates where it wrote them; the rest inherit the previous block's page
 * until `assignPages` locates them in the PDF's text.
 */
export function parseTei(xml: string): ParsedArticle {
  const tei = readRoot(xml);
  const header = readTeiHeader(tei);
  const text = findChild(children(tei), 'text');
  if (!text) throw new ParserOutputError(SERVICE, 'the TEI has no <text> element: GROBID extracted no body text');
  const body = readTeiBody(text);
  const [preface, ...headed] = body.sections;
  placeFloats(body.sections, body.floats);
  if (!body.sections.some((s) => !s.back && s.blocks.length > 0)) {
    throw new ParserOutputError(SERVICE, 'the TEI body has no text: GROBID extracted no paragraphs');
  }

  const hasPreface = preface.blocks.length > 0;
  const { outline, untitledNumber } = outlineSections(headed, hasPreface);
  const sections: ParsedSection[] = [];
  if (header.abstractSection) sections.push(header.abstractSection);
  if (hasPreface) sections.push({ number: untitledNumber, title: '', level: 1, blocks: finish(preface.blocks) });
  headed.forEach((section, i) => {
    sections.push({ number: outline[i].number, title: section.head?.title ?? '', level: outline[i].level, blocks: finish(section.blocks) });
  });
  if (body.bibliographies.length) {
    sections.push({
      number: REFERENCES_SECTION_NUMBER,
      title: body.referencesTitle ?? 'References',
      level: 1,
      blocks: finish(body.bibliographies.flatMap(referenceBlocks)),
    });
  }
  fillPages(sections);

  const maxPage = Math.max(0, ...sections.flatMap((s) => s.blocks.map((b) => b.page)));
  return {
    title: header.title,
    authors: header.authors,
    abstract: header.abstractSection?.blocks.map((b) => b.text).join('\n\n') ?? '',
    datePublished: header.datePublished,
    journal: header.journal,
    doi: header.doi,
    pageCount: Math.max(header.pageCount, maxPage),
    references: referenceData(body.bibliographies),
    sections,
    parsers: [SERVICE],
  };
}

function readRoot(xml: string): TeiNode {
  if (!/<TEI[\s>]/.test(xml)) throw new ParserOutputError(SERVICE, 'not a TEI document: no <TEI> root element');
  let root: TeiNode[];
  try {
    root = parseXml(xml);
  } catch (error) {
    throw new ParserOutputError(SERVICE, `the TEI is not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const tei = findChild(root, 'TEI');
  if (!tei) throw new ParserOutputError(SERVICE, 'not a TEI document: no <TEI> root element');
  return tei;
}

/** Drops the drafting fields; pages are filled afterwards, in reading order. */
function finish(blocks: DraftBlock[]): ParsedBlock[] {
  return blocks.map(({ text, kind, box }) => (box ? { text, kind, box, page: box.page } : { text, kind, page: 0 }));
}

/** A block without coordinates is, until located, on the page of the block before it (the first page at the start). */
function fillPages(sections: ParsedSection[]): void {
  let page = 1;
  for (const section of sections) {
    for (const block of section.blocks) {
      if (block.box) page = block.box.page;
      else block.page = page;
    }
  }
}
