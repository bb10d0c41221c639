import { CorpusDb, EmbeddingModelMismatchError } from '@lectern/corpus';
import { LexicalEmbedder } from '@lectern/embeddings';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GROBID_NAMES, readTei, teiArticleInput } from '../../corpus/src/testing/tei-corpus.fixture';
import { InvalidSearchError } from './errors';
import { DEFAULT_SEARCH_K, MIN_FUSION_DEPTH, SearchService } from './search.service';

/** The real shared corpus (every GROBID paper), embedded with the offline lexical embedder. */
async function buildCorpus(file: string, embedder: LexicalEmbedder): Promise<CorpusDb> {
  const corpus = CorpusDb.open(file, embedder);
  for (const name of GROBID_NAMES) {
    const texts = readTei(name).sections.flatMap((s) => s.blocks.map((b) => b.text));
    const vectors = await embedder.embedDocuments(texts);
    const byText = new Map(texts.map((text, i) => [text, vectors[i]]));
    corpus.insertArticle(teiArticleInput(name, (text) => byText.get(text)!, embedder.modelId));
  }
  return corpus;
}

describe(SearchService.name, () => {
  const embedder = new LexicalEmbedder();
  let dir: string;
  let corpus: CorpusDb;
  let service: SearchService;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-retrieval-'));
    corpus = await buildCorpus(path.join(dir, 'corpus.sqlite'), embedder);
    service = new SearchService(corpus, embedder);
  });
  afterAll(() => {
    corpus.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('defaults to hybrid search with k = 80', async () => {
    const hits = await service.search('citation graph document embeddings');
    expect(hits).toHaveLength(DEFAULT_SEARCH_K);
    expect(hits).toEqual(await service.search('citation graph document embeddings', { mode: 'hybrid', k: 80 }));
  });

  it('keyword mode ranks by BM25 and matches word stems', async () => {
    const hits = await service.search('crawled', { mode: 'keyword', k: 5 });
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.text).toMatch(/crawl/i);
  });

  it('standard mode ranks by embedding similarity, best first', async () => {
    const target = readTei('arxiv-1912.10667').sections[3].blocks[0].text;
    const hits = await service.search(target.slice(0, 900), { mode: 'standard', k: 10 });
    expect(hits[0].text).toBe(target);
    expect(hits[0].article.title).toMatch(/Getis-Ord/);
    const scores = hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('hybrid fuses keyword and vector rankings with RRF scores', async () => {
    const query = 'niche partitioning of marine crenarchaeota';
    const depth = MIN_FUSION_DEPTH;
    const keyword = await service.search(query, { mode: 'keyword', k: depth });
    const vector = await service.search(query, { mode: 'standard', k: depth });
    const hybrid = await service.search(query, { mode: 'hybrid', k: 10 });
    expect(hybrid).toHaveLength(10);
    expect(hybrid[0].article.title).toMatch(/Crenarchaeota/);
    for (const hit of hybrid) {
      const keywordRank = keyword.findIndex((h) => h.contextId === hit.contextId);
      const vectorRank = vector.findIndex((h) => h.contextId === hit.contextId);
      expect(keywordRank >= 0 || vectorRank >= 0).toBe(true);
      const expected = (keywordRank >= 0 ? 1 / (61 + keywordRank) : 0) + (vectorRank >= 0 ? 1 / (61 + vectorRank) : 0);
      expect(hit.score).toBeCloseTo(expected, 12);
    }
    // Fusion really mixes both: some hit is in both lists.
    expect(hybrid.some((h) => keyword.some((k) => k.contextId === h.contextId) && vector.some((v) => v.contextId === h.contextId))).toBe(
      true,
    );
  });

  it('hybrid still returns the vector ranking when no word of the query matches', async () => {
    const query = 'segmentashun of overhed imagez'; // misspelt: no stem matches, character trigrams do
    expect(await service.search(query, { mode: 'keyword', k: 5 })).toEqual([]);
    const vector = await service.search(query, { mode: 'standard', k: 5 });
    const hybrid = await service.search(query, { mode: 'hybrid', k: 5 });
    expect(hybrid.map((h) => h.contextId)).toEqual(vector.map((h) => h.contextId));
    expect(hybrid).toHaveLength(5);
  });

  it.each([
    ['', {}, /empty/],
    ['   \n\t', {}, /empty/],
    ['x'.repeat(1001), {}, /1001 characters long; the limit is 1000/],
    ['graph', { k: 0 }, /k must be an integer from 1 to 500, got 0/],
    ['graph', { k: 501 }, /got 501/],
    ['graph', { k: 2.5 }, /got 2.5/],
    ['graph', { k: Number.NaN }, /got NaN/],
    ['graph', { mode: 'semantic' }, /unknown search mode "semantic"; use one of hybrid, standard, keyword/],
  ])('refuses %j with %j', async (query, options, message) => {
    const search = service.search(query, options as never);
    await expect(search).rejects.toThrow(InvalidSearchError);
    await expect(service.search(query, options as never)).rejects.toThrow(message);
  });

  it('accepts a query of exactly 1000 characters and any punctuation', async () => {
    await expect(service.search('a'.repeat(1000), { k: 1 })).resolves.toBeDefined();
    await expect(service.search('NEAR("graph" -citation*) title:(', { k: 3 })).resolves.toBeDefined();
  });

  it('refuses an embedder other than the corpus model', () => {
    expect(() => new SearchService(corpus, new LexicalEmbedder({ dimension: 384 }))).toThrow(EmbeddingModelMismatchError);
  });
});
