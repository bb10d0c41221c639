import type { CorpusDb, CorpusHit, SearchScope } from '@lectern/corpus';
import { EmbeddingModelMismatchError } from '@lectern/corpus';
import type { Embedder } from '@lectern/embeddings';
import { InvalidSearchError } from './errors';
import { fuseRankings } from './reciprocal-rank-fusion';

export type SearchMode = 'hybrid' | 'standard' | 'keyword';
export const SEARCH_MODES: readonly SearchMode[] = ['hybrid', 'standard', 'keyword'];

export interface SearchOptions {
  mode?: SearchMode;
  k?: number;
}

/** A corpus hit; in hybrid mode `score` is the fused RRF score. */
export type SearchHit = CorpusHit;

/** As UIUC.chat (DESIGN.md). */
export const DEFAULT_SEARCH_K = 80;
export const MAX_SEARCH_K = 500;
export const MAX_QUERY_LENGTH = 1000;
/** Each list fused in hybrid mode is at least this deep, so a small k still fuses meaningful candidates. */
export const MIN_FUSION_DEPTH = 50;

/** What a search reads of a corpus. */
export type SearchableCorpus = Pick<
  CorpusDb,
  'embedding' | 'keywordSearch' | 'vectorSearch' | 'keywordRankingConcurrently' | 'vectorRanking' | 'hits'
>;

/**
 * Standard (vector), keyword (BM25) and hybrid (both, fused by RRF) search over one project's corpus, or over some of
 * its articles when `scope.articleIds` is set (the ids are checked by the caller: an unknown id matches nothing).
 */
export class SearchService {
  constructor(
    private readonly corpus: SearchableCorpus,
    private readonly embedder: Embedder,
    private readonly scope: SearchScope = {},
  ) {
    const stored = corpus.embedding;
    if (stored.modelId !== embedder.modelId || stored.dimension !== embedder.dimension) {
      throw new EmbeddingModelMismatchError(stored, { modelId: embedder.modelId, dimension: embedder.dimension });
    }
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const { mode, k } = validate(query, options);
    switch (mode) {
      case 'keyword':
        return this.corpus.keywordSearch(query, k, this.scope);
      case 'standard':
        return this.corpus.vectorSearch(await this.embedder.embedQuery(query), k, this.scope);
      case 'hybrid': {
        const depth = Math.max(k, MIN_FUSION_DEPTH);
        // The keyword leg runs on its own thread on large corpora while this one embeds and scans vectors.
        const keywordLeg = this.corpus.keywordRankingConcurrently(query, depth, this.scope);
        keywordLeg.catch(() => undefined); // awaited below; not an unhandled rejection if the vector leg throws first
        const vector = this.corpus.vectorRanking(await this.embedder.embedQuery(query), depth, this.scope);
        const keyword = await keywordLeg;
        // Fused by seq, so only the fused top k are read into hits (not both legs' lists).
        return this.corpus.hits(fuseRankings([keyword, vector], (ranked) => ranked.rowid).slice(0, k));
      }
    }
  }
}

function validate(query: unknown, options: SearchOptions): { mode: SearchMode; k: number } {
  if (typeof query !== 'string' || query.trim().length === 0) {
    throw new InvalidSearchError('the search query is empty');
  }
  if (query.length > MAX_QUERY_LENGTH) {
    throw new InvalidSearchError(`the search query is ${query.length} characters long; the limit is ${MAX_QUERY_LENGTH}`);
  }
  const mode = options.mode ?? 'hybrid';
  if (!SEARCH_MODES.includes(mode)) {
    throw new InvalidSearchError(`unknown search mode ${JSON.stringify(mode)}; use one of ${SEARCH_MODES.join(', ')}`);
  }
  const k = options.k ?? DEFAULT_SEARCH_K;
  if (!Number.isInteger(k) || k < 1 || k > MAX_SEARCH_K) {
    throw new InvalidSearchError(`k must be an integer from 1 to ${MAX_SEARCH_K}, got ${String(k)}`);
  }
  return { mode, k };
}
