import { performance } from 'node:perf_hooks';
import type Database from 'better-sqlite3';
import { type CorpusDb, DEFAULT_VECTOR_SEARCH, KeywordIndex, type VectorPasses } from '@lectern/corpus';
import type { Embedder } from '@lectern/embeddings';
import { DEFAULT_SEARCH_K, fuseRankings, SearchService } from '@lectern/retrieval';
import { queryTerms } from '@lectern/text';

/** Median ms of each step of a hybrid search, each timed alone, one after the other (see profileHybrid). */
export interface HybridProfile {
  hybridMs: number;
  embedMs: number;
  firstPassMs: number;
  rescoreMs: number;
  keywordCountMs: number;
  keywordRareMs: number;
  keywordCommonMs: number;
  keywordThreadsMs: number;
  fuseAndHitsMs: number;
}

const STEPS: Array<[keyof HybridProfile, string]> = [
  ['embedMs', 'embed the query'],
  ['firstPassMs', 'SimHash first pass (Hamming scans in WebAssembly)'],
  ['rescoreMs', 'exact re-score of the candidates'],
  ['keywordCountMs', "count the rows of the question's words (each word once, when first met)"],
  ['keywordRareMs', 'keyword rare-side query'],
  ['keywordCommonMs', 'keyword `(rare) AND (common)` query'],
  ['fuseAndHitsMs', 'fuse and read the hits'],
];

/**
 * Where one hybrid search's time goes: for each query the shipped hybrid search, then each of its steps alone on this
 * thread (the keyword halves as their worker threads run them, here one after the other), then the keyword leg on
 * its threads with nothing else running. Steps run alone cost less than inside the search, where the three threads
 * share the cores; their sum is the CPU a search needs. The keyword halves are timed on `keywords`, whose counts are
 * warm; counting is timed apart, on an index of its own that meets the questions' words in the order the workers did
 * (its counts kept from query to query, as theirs are), so each word is counted once, when first met.
 */
export async function profileHybrid(options: {
  corpus: CorpusDb;
  /** `corpus`'s vector passes (CorpusDb.openForBench). */
  vectors: VectorPasses;
  db: Database.Database;
  keywords: KeywordIndex;
  embedder: Embedder;
  queries: string[];
  warmUp: number;
  depth: number;
}): Promise<HybridProfile> {
  const { corpus, vectors, keywords, embedder, depth } = options;
  const service = new SearchService(corpus, embedder);
  const counting = new KeywordIndex(options.db);
  const times = new Map<keyof HybridProfile, number[]>();
  const timedStep = async <T>(step: keyof HybridProfile, i: number, run: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    const value = await run();
    if (i >= options.warmUp) times.set(step, [...(times.get(step) ?? []), performance.now() - start]);
    return value;
  };
  for (const [i, query] of options.queries.entries()) {
    await timedStep('hybridMs', i, () => service.search(query, { mode: 'hybrid' }));
    const vector = await timedStep('embedMs', i, () => embedder.embedQuery(query));
    const candidates = await timedStep('firstPassMs', i, () => vectors.firstPass(vector, DEFAULT_VECTOR_SEARCH.rescoreCandidates));
    const vectorLeg = await timedStep('rescoreMs', i, () => vectors.rescored(vector, candidates, depth));
    const terms = queryTerms(query);
    await timedStep('keywordCountMs', i, () => counting.termCounts(terms));
    await timedStep('keywordRareMs', i, () => keywords.half(terms, depth, 'rare'));
    await timedStep('keywordCommonMs', i, () => keywords.half(terms, depth, 'common'));
    const keywordLeg = await timedStep('keywordThreadsMs', i, () => corpus.keywordRankingConcurrently(query, depth));
    await timedStep('fuseAndHitsMs', i, () =>
      corpus.hits(fuseRankings([keywordLeg, vectorLeg], (ranked) => ranked.rowid).slice(0, DEFAULT_SEARCH_K)),
    );
  }
  const median = (values: number[] = []) => {
    const sorted = [...values].sort((a, b) => a - b);
    return Number((sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1));
  };
  return Object.fromEntries([...times].map(([step, values]) => [step, median(values)])) as unknown as HybridProfile;
}

/** The profile as a note; `scale` turns this run's ms into ms at the reference run's speed. */
export function profileNote(profile: HybridProfile, scale: number): string {
  const at = (ms: number) => `${ms} ms (${(ms * scale).toFixed(1)} at reference speed)`;
  const cpu = STEPS.reduce((sum, [step]) => sum + profile[step], 0);
  return (
    `Profile of one hybrid search (medians over the queries; each step timed alone, one after the other): hybrid ${at(profile.hybridMs)}; ` +
    STEPS.map(([step, name]) => `${name} ${at(profile[step])}`).join(', ') +
    `; the keyword leg on its two threads, alone ${at(profile.keywordThreadsMs)}. The steps sum to ${at(Number(cpu.toFixed(1)))} of CPU, ` +
    `which a search spreads over three threads on the machine's cores.`
  );
}
