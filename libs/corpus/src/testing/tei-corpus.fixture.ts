/**
 * Test fixtures: real GROBID TEI files of ../shared/corpus turned into ArticleInput with a small hashing
 * embedder, so database tests run on real scientific text without depending on the parsing lib.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ArticleInput, ContextKind, SectionInput } from '../corpus.types';
import { teiText } from '../../../../test/support/tei-text';

export const SHARED_CORPUS_DIR = path.resolve(__dirname, '../../../..', '../shared/corpus');
export const GROBID_DIR = path.join(SHARED_CORPUS_DIR, 'grobid');

/** Paragraph-ish units per page when the TEI carries no coordinates (a fixture approximation). */
const BLOCKS_PER_PAGE = 4;

export interface TeiBlock {
  text: string;
  kind: ContextKind;
}

export interface TeiSection {
  number: string;
  title: string;
  blocks: TeiBlock[];
}

export interface TeiDocument {
  title: string;
  abstract: string;
  sections: TeiSection[];
}

/** A deliberately small TEI reader: body divs with their head, paragraphs and formulas. */
export function readTei(name: string): TeiDocument {
  const xml = fs.readFileSync(path.join(GROBID_DIR, `${name}.tei.xml`), 'utf8');
  const title = teiText(/<title[^>]*type="main"[^>]*>([\s\S]*?)<\/title>/.exec(xml)?.[1] ?? name);
  const abstract = teiText(/<abstract>([\s\S]*?)<\/abstract>/.exec(xml)?.[1] ?? '');
  const body = /<body>([\s\S]*?)<\/body>/.exec(xml)?.[1] ?? '';
  const sections: TeiSection[] = [];
  for (const div of body.matchAll(/<div[^>]*>([\s\S]*?)<\/div>/g)) {
    const head = /<head(?:\s+n="([^"]*)")?[^>]*>([\s\S]*?)<\/head>/.exec(div[1]);
    const blocks: TeiBlock[] = [];
    for (const block of div[1].matchAll(/<(p|formula)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
      const text = teiText(block[2]);
      if (text.length > 0) blocks.push({ text, kind: block[1] === 'formula' ? 'equation' : 'text' });
    }
    if (blocks.length === 0) continue;
    sections.push({ number: head?.[1] ?? String(sections.length + 1), title: teiText(head?.[2] ?? ''), blocks });
  }
  return { title, abstract, sections };
}

export const GROBID_NAMES = fs
  .readdirSync(GROBID_DIR)
  .filter((file) => file.endsWith('.tei.xml'))
  .map((file) => file.replace(/\.tei\.xml$/, ''))
  .sort();

/** One context per TEI block; pages advance every few blocks. */
export function teiArticleInput(name: string, embed: (text: string) => Float32Array, embeddingModel: string): ArticleInput {
  const tei = readTei(name);
  let blockIndex = 0;
  const sections: SectionInput[] = tei.sections.map((section) => {
    const contexts = section.blocks.map((block, i) => {
      const pageNumber = 1 + Math.floor(blockIndex++ / BLOCKS_PER_PAGE);
      const numTokens = block.text.split(' ').length;
      const stopReason = i === section.blocks.length - 1 ? ('Section' as const) : ('Token limit' as const);
      return { text: block.text, pageNumber, kind: block.kind, numTokens, stopReason, embedding: embed(block.text) };
    });
    const numTokens = contexts.reduce((sum, c) => sum + c.numTokens, 0);
    return { number: section.number, title: section.title, level: section.number.split('.').length, numTokens, contexts };
  });
  return {
    documentId: `doc-${name}`,
    title: tei.title,
    authors: [],
    abstract: tei.abstract,
    datePublished: null,
    journal: null,
    doi: null,
    pageCount: Math.max(1, Math.ceil(blockIndex / BLOCKS_PER_PAGE)),
    numTokens: sections.reduce((sum, s) => sum + s.numTokens, 0),
    embeddingModel,
    sections,
  };
}
