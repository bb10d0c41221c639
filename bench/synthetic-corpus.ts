import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ArticleInput, SectionInput } from '@lectern/corpus';
import type { Embedder } from '@lectern/embeddings';
import { CORPUS_DIR } from '../test/support/paths';

export const SHARED_CORPUS_DIR = CORPUS_DIR;

/** The running text of every GROBID TEI file of the shared corpus, one word array per paper. */
export function loadTeiWords(corpusDir: string = SHARED_CORPUS_DIR): string[][] {
  const dir = path.join(corpusDir, 'grobid');
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tei.xml'))
    .sort();
  return files.map((file) => {
    const xml = fs.readFileSync(path.join(dir, file), 'utf8');
    const text = [/<abstract>([\s\S]*?)<\/abstract>/, /<body>([\s\S]*?)<\/body>/]
      .map((pattern) => pattern.exec(xml)?.[1] ?? '')
      .join(' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&[a-z]+;/g, ' ');
    return text.split(/\s+/).filter((word) => word.length > 0);
  });
}

/** Deterministic, so every run of the benchmark measures the same corpus and queries. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    state ^= state >>> 12;
    return (state >>> 0) / 2 ** 32;
  };
}

export interface SyntheticCorpusOptions {
  contexts: number;
  contextsPerSection?: number;
  sectionsPerArticle?: number;
  seed?: number;
}

/**
 * Synthetic articles whose contexts are windows of 40–250 consecutive words of one real paper, with a fifth of
 * the words swapped for words of other papers: real vocabulary and topic structure, no two contexts alike.
 * Yields articles one at a time so 100,000 contexts never sit in memory at once.
 */
export async function* syntheticArticles(embedder: Embedder, options: SyntheticCorpusOptions): AsyncGenerator<ArticleInput> {
  const papers = loadTeiWords();
  const all = papers.flat();
  const random = seededRandom(options.seed ?? 42);
  const perSection = options.contextsPerSection ?? 10;
  const perArticle = perSection * (options.sectionsPerArticle ?? 10);
  for (let made = 0, article = 0; made < options.contexts; article++) {
    const paper = papers[article % papers.length];
    const count = Math.min(perArticle, options.contexts - made);
    const texts = Array.from({ length: count }, () => contextText(paper, all, random));
    const vectors = await embedder.embedDocuments(texts);
    const sections: SectionInput[] = [];
    for (let start = 0; start < count; start += perSection) {
      const contexts = texts.slice(start, start + perSection).map((text, i) => ({
        text,
        pageNumber: 1 + Math.floor((start + i) / 4),
        kind: 'text' as const,
        numTokens: Math.round(text.split(' ').length * 1.3),
        stopReason: 'Token limit' as const,
        embedding: vectors[start + i],
      }));
      const numTokens = contexts.reduce((sum, c) => sum + c.numTokens, 0);
      sections.push({
        number: String(sections.length + 1),
        title: texts[start].split(' ').slice(0, 4).join(' '),
        level: 1,
        numTokens,
        contexts,
      });
    }
    made += count;
    yield {
      documentId: `synthetic-${article}`,
      title: `Synthetic article ${article}`,
      authors: [],
      abstract: '',
      datePublished: null,
      journal: null,
      doi: null,
      pageCount: Math.ceil(count / 4),
      numTokens: sections.reduce((sum, s) => sum + s.numTokens, 0),
      embeddingModel: embedder.modelId,
      sections,
    };
  }
}

function contextText(paper: string[], all: string[], random: () => number): string {
  const length = 40 + Math.floor(random() * 210);
  const start = Math.floor(random() * Math.max(1, paper.length - length));
  return paper
    .slice(start, start + length)
    .map((word) => (random() < 0.2 ? all[Math.floor(random() * all.length)] : word))
    .join(' ');
}

/** Questions built from real words: a question opener and 3–8 words of one paper. */
export function syntheticQueries(count: number, seed = 7): string[] {
  const papers = loadTeiWords();
  const random = seededRandom(seed);
  const openers = ['What is', 'How does', 'Why do', 'Which', 'Explain', 'What evidence supports'];
  return Array.from({ length: count }, () => {
    const paper = papers[Math.floor(random() * papers.length)];
    const start = Math.floor(random() * (paper.length - 20));
    const words = paper
      .slice(start, start + 12)
      .filter(() => random() < 0.6)
      .slice(0, 3 + Math.floor(random() * 6));
    return `${openers[Math.floor(random() * openers.length)]} ${words.join(' ')}?`;
  });
}
