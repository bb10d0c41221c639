import { CorpusDb } from '../corpus.db';
import type { ArticleInput } from '../corpus.types';
import { EXACT_SCAN_MAX_CONTEXTS, type VectorSearchSettings } from '../vector-index';
import { normalize } from './hashing-embedder.fixture';

export const RANDOM_DIMENSION = 64;
export const RANDOM_SPEC = { modelId: 'random', dimension: RANDOM_DIMENSION };

export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

export function randomVector(random: () => number): Float32Array {
  return normalize(Float32Array.from({ length: RANDOM_DIMENSION }, () => random() - 0.5));
}

/** One article of `count` random unit vectors; context texts are `<name> <i>` so hits can be told apart. */
export function randomArticle(name: string, count: number, random: () => number): { article: ArticleInput; vectors: Float32Array[] } {
  const vectors = Array.from({ length: count }, () => randomVector(random));
  const contexts = vectors.map((embedding, i) => ({
    text: `${name} ${i}`,
    pageNumber: 1,
    kind: 'text' as const,
    numTokens: 2,
    stopReason: 'Section' as const,
    embedding,
  }));
  const article: ArticleInput = {
    documentId: name,
    title: name,
    authors: [],
    abstract: '',
    datePublished: null,
    journal: null,
    doi: null,
    pageCount: 1,
    numTokens: 0,
    embeddingModel: RANDOM_SPEC.modelId,
    sections: [{ number: '1', title: 'Body', level: 1, numTokens: 0, contexts }],
  };
  return { article, vectors };
}

/** A corpus just past the exact-scan threshold, so searches take the SimHash first pass. */
export function openLargeCorpus(file: string, settings: Partial<VectorSearchSettings>): { corpus: CorpusDb; vectors: Float32Array[] } {
  const corpus = CorpusDb.open(file, RANDOM_SPEC, { vectorSearch: settings });
  const random = seededRandom(11);
  const vectors: Float32Array[] = [];
  for (let a = 0; vectors.length <= EXACT_SCAN_MAX_CONTEXTS; a++) {
    const made = randomArticle(`doc-${a}`, 1000, random);
    corpus.insertArticle(made.article);
    vectors.push(...made.vectors);
  }
  return { corpus, vectors };
}
