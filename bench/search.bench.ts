import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CorpusDb } from '@lectern/corpus';
import { type Embedder, LexicalEmbedder } from '@lectern/embeddings';
import { DEFAULT_SEARCH_K, expandParents, SearchService, type SearchMode } from '@lectern/retrieval';
import { syntheticArticles, syntheticQueries } from './synthetic-corpus';

export interface SearchBenchRow {
  mode: string;
  contexts: number;
  p50Ms: number;
  p95Ms: number;
  /** Share of the exact scan's top-k that the (pre-filtered) vector search returns; standard mode only. */
  recallAtK?: number;
}

export interface SearchBenchOptions {
  contexts: number;
  queries: number;
  /** Defaults to the offline lexical embedder (768 dimensions). */
  embedder?: Embedder;
  /** Called with progress lines while the corpus is built (it takes ~2 minutes for 100,000 contexts). */
  log?: (line: string) => void;
}

const WARM_UP_QUERIES = 5;

/**
 * Builds a synthetic corpus of `contexts` contexts in a temp file and times `queries` searches in each mode
 * at the default k, plus the exact vec0 scan as the reference the pre-filter is measured against.
 */
export async function runSearchBench(options: SearchBenchOptions): Promise<SearchBenchRow[]> {
  const embedder = options.embedder ?? new LexicalEmbedder();
  const log = options.log ?? (() => undefined);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-search-'));
  const corpus = CorpusDb.open(path.join(dir, 'corpus.sqlite'), embedder);
  try {
    const started = performance.now();
    for await (const article of syntheticArticles(embedder, { contexts: options.contexts })) {
      corpus.insertArticle(article);
    }
    log(`built ${corpus.stats().contexts} contexts in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const service = new SearchService(corpus, embedder);
    const queries = syntheticQueries(options.queries + WARM_UP_QUERIES);
    const rows: SearchBenchRow[] = [];
    for (const mode of ['keyword', 'standard', 'hybrid'] as SearchMode[]) {
      const times = await timeEach(queries, (query) => service.search(query, { mode }));
      rows.push({ mode, contexts: options.contexts, ...percentiles(times) });
    }
    // Parent expansion on top of hybrid: what `expand: 'parent'` adds to a request (target: ≤ 5 ms p50).
    const expandTimes = await timeEach(queries, async (query) => {
      const hits = await service.search(query, { mode: 'hybrid' });
      const start = performance.now();
      expandParents(hits, corpus);
      return performance.now() - start;
    }, true);
    rows.push({ mode: 'parent expansion alone (top 5, ±2)', contexts: options.contexts, ...percentiles(expandTimes) });
    const exactTimes = await timeEach(queries, async (query) =>
      corpus.vectorSearch(await embedder.embedQuery(query), DEFAULT_SEARCH_K, { exact: true }),
    );
    rows.push({ mode: 'standard, exact vec0 scan (reference)', contexts: options.contexts, ...percentiles(exactTimes) });
    rows[1].recallAtK = await vectorRecall(corpus, embedder, queries.slice(WARM_UP_QUERIES));
    return rows;
  } finally {
    corpus.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Wall time per query; with `selfTimed`, the run returns the milliseconds of the part it measured itself. */
async function timeEach(queries: string[], run: (query: string) => Promise<unknown>, selfTimed = false): Promise<number[]> {
  const times: number[] = [];
  for (const [i, query] of queries.entries()) {
    const start = performance.now();
    const measured = await run(query);
    const elapsed = selfTimed ? (measured as number) : performance.now() - start;
    if (i >= WARM_UP_QUERIES) times.push(elapsed);
  }
  return times;
}

function percentiles(times: number[]): { p50Ms: number; p95Ms: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { p50Ms: round(at(0.5)), p95Ms: round(at(0.95)) };
}

async function vectorRecall(corpus: CorpusDb, embedder: Embedder, queries: string[]): Promise<number> {
  let found = 0;
  let wanted = 0;
  for (const query of queries) {
    const vector = await embedder.embedQuery(query);
    const exact = new Set(corpus.vectorSearch(vector, DEFAULT_SEARCH_K, { exact: true }).map((h) => h.contextId));
    found += corpus.vectorSearch(vector, DEFAULT_SEARCH_K).filter((h) => exact.has(h.contextId)).length;
    wanted += exact.size;
  }
  return round(wanted === 0 ? 1 : found / wanted, 3);
}

function round(value: number, digits = 1): number {
  return Number(value.toFixed(digits));
}

if (require.main === module) {
  const [contexts = '100000', queries = '200'] = process.argv.slice(2);
  runSearchBench({ contexts: Number(contexts), queries: Number(queries), log: console.log })
    .then((rows) => console.table(rows))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
