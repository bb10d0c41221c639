import type { CorpusDb } from '@lectern/corpus';
import type { LlmClient } from '@lectern/llm';
import { InvalidSearchError } from './errors';
import { DEFAULT_QUERY_VARIANTS, MAX_QUERY_VARIANTS, writeQueryVariants } from './multi-query';
import { expandParents, type ContextNeighbourhoodSource, type Passage } from './parent-expansion';
import { reciprocalRankFusion } from './reciprocal-rank-fusion';
import { filterRelevant } from './relevance-filter';
import { rerankHits } from './rerank/rerank';
import type { Reranker, RerankerName } from './rerank/reranker';
import { questionTermWeights, rankByStructure } from './structure-rank';
import type { TermWeights } from './answer/sentence-scorer';
import { DEFAULT_SEARCH_K, type SearchHit, type SearchMode, type SearchService } from './search.service';

export type ExpandMode = 'parent' | 'none';

export interface RetrievalOptions {
  mode?: SearchMode;
  k?: number;
  /** `parent`: the top 5 hits grow into passages with their 2 neighbours either side. */
  expand?: ExpandMode;
  /** The small model writes `n` (default 3) keyword-richer variants; all are searched and fused. */
  multiQuery?: boolean | { n?: number };
  /** The small model drops hits it judges irrelevant. */
  filter?: boolean | { concurrency?: number; budgetMs?: number };
  /** Rerank (cross-encoder, else the small model) and drop hits scoring below `threshold` (0–1). */
  rerank?: boolean | { threshold?: number };
  signal?: AbortSignal;
}

/** A hit, with its reranker score (0–1) when a reranker scored it. */
export type RetrievedHit = SearchHit & { rerankScore?: number };

export interface RetrievalUsed {
  mode: SearchMode;
  expand: ExpandMode;
  /** The variants searched besides the original; null when multi-query was off or failed (see notes). */
  multiQuery: string[] | null;
  /** What the relevance filter did; null when it did not run. */
  filter: { kept: number; dropped: number; unjudged: number } | null;
  reranker: RerankerName | 'off';
}

export interface RetrievalResult {
  query: string;
  /** Best first, after fusion, reranking and filtering. */
  hits: RetrievedHit[];
  /** Parent-expanded passages around the top hits (empty unless `expand: 'parent'`). */
  passages: Passage[];
  /** What degraded and why, for the caller to show or log. */
  notes: string[];
  used: RetrievalUsed;
  /** Corpus idf of the query's terms, when the corpus can count them: what the answer weighs evidence by. */
  termWeights?: TermWeights;
}

export interface RetrievalPipelineDeps {
  search: SearchService;
  /** Reads neighbouring contexts for parent expansion and counts term rarity: the project's CorpusDb. */
  corpus: ContextNeighbourhoodSource & Partial<Pick<CorpusDb, 'termRarity'>>;
  /** Null when no LLM is configured: multi-query and filter are skipped with a note. */
  llm: LlmClient | null;
  /** Tried in order when reranking (see selectRerankers); none means reranking is off. */
  rerankers?: readonly Reranker[];
}

/**
 * Every retrieval mode over one project's corpus: multi-query → fuse → rerank → filter → parent-expand the top 5.
 * Each LLM step degrades instead of failing: the search still answers with what the corpus alone can do.
 */
export class RetrievalPipeline {
  constructor(private readonly deps: RetrievalPipelineDeps) {}

  async retrieve(query: string, options: RetrievalOptions = {}): Promise<RetrievalResult> {
    const mode = options.mode ?? 'hybrid';
    const expand = options.expand ?? 'none';
    if (expand !== 'parent' && expand !== 'none') {
      throw new InvalidSearchError(`unknown expansion ${JSON.stringify(expand)}; use parent or none`);
    }
    const variantCount = multiQueryCount(options.multiQuery);
    const notes: string[] = [];
    const used: RetrievalUsed = { mode, expand, multiQuery: null, filter: null, reranker: 'off' };
    const { llm } = this.deps;

    // The original query alone first: it validates the request before any LLM call is spent on it.
    const original = await this.deps.search.search(query, { mode, k: options.k });
    let hits: RetrievedHit[] = original;
    if (variantCount > 0) {
      if (!llm) notes.push('multi-query needs an LLM and none is configured; searched the original query only');
      else {
        try {
          const variants = await writeQueryVariants(llm, query, variantCount, options.signal);
          const rankings = await Promise.all(variants.map((variant) => this.deps.search.search(variant, { mode, k: options.k })));
          hits = reciprocalRankFusion([original, ...rankings]).slice(0, options.k ?? DEFAULT_SEARCH_K);
          used.multiQuery = variants;
        } catch (error) {
          notes.push(`multi-query failed (${reason(error)}); searched the original query only`);
        }
      }
    }

    // Headings that name the question pull their contexts up; bibliography entries go down (see rankByStructure).
    const corpus = this.deps.corpus;
    const termWeights = corpus.termRarity ? questionTermWeights(corpus as Pick<CorpusDb, 'termRarity'>, query) : undefined;
    hits = rankByStructure(query, hits, termWeights);

    if (options.rerank) {
      const threshold = typeof options.rerank === 'object' ? options.rerank.threshold : undefined;
      const reranked = await rerankHits(this.deps.rerankers ?? [], query, hits, { threshold, signal: options.signal });
      hits = reranked.hits;
      used.reranker = reranked.reranker;
      notes.push(...reranked.notes);
    }

    if (options.filter) {
      if (!llm) notes.push('the relevance filter needs an LLM and none is configured; no hit was filtered');
      else {
        const settings = typeof options.filter === 'object' ? options.filter : {};
        const filtered = await filterRelevant(llm, query, hits, { ...settings, signal: options.signal });
        hits = filtered.kept;
        used.filter = { kept: filtered.kept.length, dropped: filtered.dropped.length, unjudged: filtered.unjudged.length };
        if (filtered.unjudged.length > 0) {
          notes.push(
            `the relevance filter could not judge ${filtered.unjudged.length} of ${filtered.kept.length + filtered.dropped.length} hits in time or at all; they were kept`,
          );
        }
      }
    }

    const passages = expand === 'parent' ? expandParents(hits, this.deps.corpus) : [];
    return { query, hits, passages, notes, used, ...(termWeights ? { termWeights } : {}) };
  }
}

function multiQueryCount(option: RetrievalOptions['multiQuery']): number {
  if (!option) return 0;
  const n = option === true ? DEFAULT_QUERY_VARIANTS : (option.n ?? DEFAULT_QUERY_VARIANTS);
  if (!Number.isInteger(n) || n < 1 || n > MAX_QUERY_VARIANTS) {
    throw new InvalidSearchError(`multiQuery.n must be an integer from 1 to ${MAX_QUERY_VARIANTS}, got ${String(n)}`);
  }
  return n;
}

function reason(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
