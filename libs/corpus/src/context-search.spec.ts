import * as path from 'node:path';
import { CorpusDb } from './corpus.db';
import type { ArticleInput } from './corpus.types';
import { InvalidVectorError } from './errors';
import { normalize } from './testing/hashing-embedder.fixture';
import { articleFromTei, openTeiCorpus, testEmbedder } from './testing/corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';
import { EXACT_SCAN_MAX_CONTEXTS } from './vector-index';

const HOSTILE_QUERIES = [
  '"',
  '"unbalanced quote',
  '*',
  'graph*',
  'title:graph',
  'NEAR(graph citation)',
  'NEAR',
  'graph AND OR NOT',
  '-graph',
  '((((',
  ')',
  "'; DROP TABLE contexts; --",
  '^graph',
  '{graph citation}',
  '\u0000',
  'ö',
  '   ',
];

describe(`${CorpusDb.name} search`, () => {
  const tempDir = useTempDir();
  let corpus: CorpusDb;

  beforeEach(() => {
    corpus = openTeiCorpus(tempDir()).corpus;
  });
  afterEach(() => corpus.close());

  describe('keywordSearch', () => {
    it('finds passages by the stem of a word (crawled ↔ crawling)', () => {
      const hits = corpus.keywordSearch('crawled', 10);
      expect(hits.length).toBeGreaterThan(0);
      for (const hit of hits) expect(hit.text.toLowerCase()).toMatch(/crawl/);
      expect(hits.some((h) => /crawling/i.test(h.text))).toBe(true);
    });

    it('matches parsed to parsing with the porter tokenizer', () => {
      corpus.insertArticle(smallArticle('doc-parsing', 'The pipeline is parsing PDF files into sections.'));
      const hits = corpus.keywordSearch('parsed', 5);
      expect(hits.map((h) => h.text)).toContain('The pipeline is parsing PDF files into sections.');
    });

    it('ranks with BM25, best first, and hydrates article and section', () => {
      const hits = corpus.keywordSearch('Getis-Ord pooling segmentation', 10);
      expect(hits.length).toBe(10);
      expect(hits[0].article.title).toMatch(/Getis-Ord Gi\* Pooling/);
      expect(hits[0]).toEqual({
        contextId: expect.any(String),
        text: expect.any(String),
        score: expect.any(Number),
        page: expect.any(Number),
        kind: expect.stringMatching(/^(text|equation)$/),
        box: null,
        article: { id: expect.any(String), title: expect.any(String) },
        section: { id: expect.any(String), number: expect.any(String), title: expect.any(String) },
      });
      const scores = hits.map((h) => h.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    });

    it('still matches a long question that shares only some words with the passage', () => {
      const hits = corpus.keywordSearch(
        'In the study of marine archaea, what did they conclude about Crenarchaeota niches in the East China Sea?',
        5,
      );
      expect(hits[0].article.title).toMatch(/Crenarchaeota/);
    });

    it('finds section titles too', () => {
      const hits = corpus.keywordSearch('Entity Linking Models', 20);
      expect(hits.some((h) => h.section.title === 'Entity Linking Models')).toBe(true);
    });

    it.each(HOSTILE_QUERIES)('never throws on hostile input %j', (query) => {
      expect(() => corpus.keywordSearch(query, 5)).not.toThrow();
    });

    it('returns nothing for a query without words or a k of 0', () => {
      expect(corpus.keywordSearch('?!', 5)).toEqual([]);
      expect(corpus.keywordSearch('graph', 0)).toEqual([]);
    });
  });

  describe('vectorSearch', () => {
    it('ranks the nearest context first with score = cosine similarity', () => {
      const target = articleFromTei('jner-2016-demarchis').sections[2].contexts[0];
      const hits = corpus.vectorSearch(target.embedding, 5);
      expect(hits).toHaveLength(5);
      expect(hits[0].text).toBe(target.text);
      expect(hits[0].score).toBeCloseTo(1, 5);
      const scores = hits.map((h) => h.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(scores[4]).toBeLessThan(1);
    });

    it('keeps a context without any word out of vector search, where its NaN distance would rank it first', () => {
      const formula = '= + ( ) / ∑ ∫ ≤';
      corpus.insertArticle(smallArticle('doc-formula', formula));
      const query = articleFromTei('acl-N18-3011').sections[1].contexts[0].embedding;
      expect(corpus.vectorSearch(query, 500).map((h) => h.text)).not.toContain(formula);
      expect(corpus.vectorSearch(new Float32Array(64), 5)).toEqual([]);
    });

    it('refuses a vector of the wrong dimension', () => {
      expect(() => corpus.vectorSearch(new Float32Array(768), 5)).toThrow(InvalidVectorError);
    });
  });
});

describe(`${CorpusDb.name} vector search above ${EXACT_SCAN_MAX_CONTEXTS} contexts`, () => {
  const tempDir = useTempDir();

  it('finds the nearest neighbours through the SimHash pre-filter with exact re-scoring', () => {
    const dimension = 64;
    const corpus = CorpusDb.open(path.join(tempDir(), 'big.sqlite'), { modelId: 'random', dimension });
    const random = seededRandom(7);
    const vectors: Float32Array[] = [];
    const perArticle = 1000;
    for (let a = 0; vectors.length <= EXACT_SCAN_MAX_CONTEXTS; a++) {
      const contexts = Array.from({ length: perArticle }, () => {
        const embedding = normalize(Float32Array.from({ length: dimension }, () => random() - 0.5));
        vectors.push(embedding);
        return {
          text: `context ${vectors.length}`,
          pageNumber: 1,
          kind: 'text' as const,
          numTokens: 2,
          stopReason: 'Section' as const,
          embedding,
        };
      });
      corpus.insertArticle({
        ...smallArticle(`doc-${a}`, ''),
        embeddingModel: 'random',
        sections: [{ number: '1', title: 'Body', level: 1, numTokens: 0, contexts }],
      });
    }
    // Queries near a stored vector: the neighbours the exact scan would return must come back, in order.
    let recalled = 0;
    const k = 10;
    for (let q = 0; q < 20; q++) {
      const target = vectors[Math.floor(random() * vectors.length)];
      const query = normalize(target.map((v) => v + (random() - 0.5) * 0.05));
      const exact = vectors
        .map((v, i) => ({ text: `context ${i + 1}`, score: dot(v, query) }))
        .sort((x, y) => y.score - x.score)
        .slice(0, k);
      const hits = corpus.vectorSearch(query, k);
      expect(hits[0].text).toBe(exact[0].text);
      expect(hits[0].score).toBeCloseTo(exact[0].score, 5);
      recalled += hits.filter((h) => exact.some((e) => e.text === h.text)).length;
    }
    expect(recalled / (20 * k)).toBeGreaterThanOrEqual(0.9);
    corpus.close();
  });
});

/** A one-context article embedded like the TEI fixtures; a text without words gets the zero vector. */
function smallArticle(documentId: string, text: string): ArticleInput {
  return {
    documentId,
    title: 'A small article',
    authors: ['A. Author'],
    abstract: '',
    datePublished: '2020-01-01',
    journal: null,
    doi: null,
    pageCount: 1,
    numTokens: 10,
    embeddingModel: testEmbedder.modelId,
    sections: [
      {
        number: '1',
        title: 'Methods',
        level: 1,
        numTokens: 10,
        contexts: [{ text, pageNumber: 1, kind: 'text', numTokens: 10, stopReason: 'Section', embedding: embedOrZero(text) }],
      },
    ],
  };
}

function embedOrZero(text: string): Float32Array {
  return /[\p{L}\p{N}]/u.test(text) ? testEmbedder.embed(text) : new Float32Array(testEmbedder.dimension);
}

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}
