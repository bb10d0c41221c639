import * as fs from 'fs';
import * as path from 'path';
import type { ParsedArticle, ParsedBlock, ParsedSection } from '@lectern/parsing';
import { teiText } from '../../../../test/support/tei-text';

/** Spec fixture only: real corpus text shaped as a ParsedArticle, without depending on the parsing lib's code. */
export const CORPUS_DIR = path.resolve(__dirname, '../../../..', '../shared/corpus');

export const GROBID_CORPUS_NAMES = fs
  .readdirSync(path.join(CORPUS_DIR, 'grobid'))
  .filter((file) => file.endsWith('.tei.xml'))
  .map((file) => file.replace(/\.tei\.xml$/, ''));

/** Synthetic pagination (TEI without coordinates has no pages): one page per this many characters. */
const CHARS_PER_PAGE = 3500;

/** A crude regex reading of a GROBID TEI: divs → sections, p/formula/figure → blocks, biblStruct → `ref`. */
export function loadTeiArticle(name: string): ParsedArticle {
  const xml = fs.readFileSync(path.join(CORPUS_DIR, 'grobid', `${name}.tei.xml`), 'utf8');
  const body = between(xml, '<body>', '</body>');
  let chars = 0;
  const block = (text: string, kind: ParsedBlock['kind']): ParsedBlock => {
    chars += text.length;
    return { text, kind, page: 1 + Math.floor(chars / CHARS_PER_PAGE) };
  };

  const sections: ParsedSection[] = [];
  const abstract = [...between(xml, '<abstract>', '</abstract>').matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)]
    .map((m) => teiText(m[1]))
    .join('\n\n');
  if (abstract) sections.push({ number: '0', title: 'Abstract', level: 1, blocks: [block(abstract, 'text')] });

  for (const div of body.matchAll(/<div\b[^>]*>([\s\S]*?)<\/div>/g)) {
    const head = /<head(?: n="([^"]*)")?[^>]*>([\s\S]*?)<\/head>/.exec(div[1]);
    const number = head?.[1] ?? String(sections.length + 1);
    const blocks = [...div[1].matchAll(/<(p|formula)\b[^>]*>([\s\S]*?)<\/\1>/g)]
      .map((m) => block(teiText(m[2]), m[1] === 'formula' ? 'equation' : 'text'))
      .filter((b) => b.text.length > 0);
    sections.push({ number, title: teiText(head?.[2] ?? ''), level: number.split('.').length, blocks });
  }
  const figures = [...body.matchAll(/<figure\b([^>]*)>([\s\S]*?)<\/figure>/g)]
    .map((m) => {
      const kind = /type="table"/.test(m[1]) ? 'table' : 'figure_caption';
      return block(teiText(m[2].replace(/<head>[\s\S]*?<\/head>/, '')), kind);
    })
    .filter((b) => b.text.length > 0);
  if (sections.length > 0) sections[sections.length - 1].blocks.push(...figures);

  const references = [...xml.matchAll(/<biblStruct\b[^>]*>([\s\S]*?)<\/biblStruct>/g)]
    .slice(1) // the first biblStruct is the paper's own header
    .map((m) => block(teiText(/<note type="raw_reference">([\s\S]*?)<\/note>/.exec(m[1])?.[1] ?? m[1]), 'text'))
    .filter((b) => b.text.length > 0);
  sections.push({ number: 'ref', title: 'References', level: 1, blocks: references });

  return {
    title: teiText(/<title level="a" type="main">([\s\S]*?)<\/title>/.exec(xml)?.[1] ?? ''),
    authors: [],
    abstract,
    datePublished: null,
    journal: null,
    doi: null,
    pageCount: 1 + Math.floor(chars / CHARS_PER_PAGE),
    sections,
    parsers: ['test-fixture'],
  };
}

function between(xml: string, open: string, close: string): string {
  const start = xml.indexOf(open);
  const end = xml.indexOf(close, start);
  return start < 0 || end < 0 ? '' : xml.slice(start + open.length, end);
}
