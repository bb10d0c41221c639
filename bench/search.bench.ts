import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CorpusDb, DEFAULT_VECTOR_SEARCH, type VectorSearchSettings } from '@lectern/corpus';
import { type Embedder, LexicalEmbedder } from '@lectern/embeddings';
import {
  DEFAULT_SEARCH_K,
  expandParents,
  MIN_FUSION_DEPTH,
  reciprocalRankFusion,
  SearchService,
  type SearchMode,
} from '@lectern/retrieval';
import { syntheticArticles, syntheticQueries } from './synthetic-corpus';

export interface SearchBenchRow {
  mode: string;
  contexts: number;
  p50Ms: number;
  p95Ms: number;
  /** Share of the exact scan's top 10 / top k that the vector search returns (vector rows only). */
  recallAt10?: number;
  recallAtK?: number;
}

export interface SearchBenchResult {
  rows: SearchBenchRow[];
  /** Seconds spent inserting (corpus generation and embedding excluded). */
  buildSeconds: number;
  /** The corpus file, when the caller asked to keep it (`keep`); otherwise removed. */
  file?: string;
}

export interface SearchBenchOptions {
  contexts: number;
  queries: number;
  /** Queries for the exact scan and the recall columns: the exact scan costs ~1.3 s a query at 1M. */
  exactQueries?: number;
  /** Defaults to the offline lexical embedder (768 dimensions). */
  embedder?: Embedder;
  /** Keep the corpus file for another bench (the peers' Lectern row at 1M); the caller removes it. */
  keep?: boolean;
  log?: (line: string) => void;
}

const WARM_UP_QUERIES = 5;

/** First-pass variants measured against the exact scan, the shipped default first. */
export const VECTOR_VARIANTS: ReadonlyArray<{ name: string; settings: VectorSearchSettings }> = [
  { name: `memory SimHash scan, ${DEFAULT_VECTOR_SEARCH.rescoreCandidates} re-scored (default)`, settings: DEFAULT_VECTOR_SEARCH },
  { name: 'memory SimHash scan, 1000 re-scored', settings: { prefilter: 'memory', rescoreCandidates: 1000 } },
  { name: 'memory SimHash scan, 4000 re-scored', settings: { prefilter: 'memory', rescoreCandidates: 4000 } },
  { name: 'SQL SimHash scan, 2000 re-scored', settings: { prefilter: 'sql', rescoreCandidates: 2000 } },
];

/**
 * Builds a synthetic corpus of `contexts` contexts in a temp file (streamed: it never sits in memory whole) and
 * times `queries` searches per mode at the default k, then each vector first-pass variant against the exact vec0
 * scan, which is the reference for latency ratios and recall.
 */
export async function runSearchBench(options: SearchBenchOptions): Promise<SearchBenchResult> {
  const embedder = options.embedder ?? new LexicalEmbedder();
  const log = options.log ?? (() => undefined);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-search-'));
  const file = path.join(dir, 'corpus.sqlite');
  let keep = false;
  try {
    const buildSeconds = await buildCorpus(file, embedder, options.contexts, log);
    const rows = await measureCorpus(file, embedder, options);
    keep = options.keep === true;
    return { rows, buildSeconds, file: keep ? file : undefined };
  } finally {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Inserts the seeded synthetic articles; returns the seconds spent in insertArticle alone. */
export async function buildCorpus(file: string, embedder: Embedder, contexts: number, log: (line: string) => void): Promise<number> {
  const corpus = CorpusDb.open(file, embedder);
  try {
    let inserting = 0;
    let made = 0;
    const started = performance.now();
    for await (const article of syntheticArticles(embedder, { contexts })) {
      const start = performance.now();
      corpus.insertArticle(article);
      inserting += performance.now() - start;
      made += article.sections.reduce((sum, s) => sum + s.contexts.length, 0);
      if (made % 100_000 === 0) log(`  ${made.toLocaleString('en')} contexts after ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    return round(inserting / 1000, 1);
  } finally {
    corpus.close();
  }
}

export async function measureCorpus(file: string, embedder: Embedder, options: SearchBenchOptions): Promise<SearchBenchRow[]> {
  const contexts = options.contexts;
  warmPageCache(file);
  const queries = syntheticQueries(options.queries + WARM_UP_QUERIES);
  const rows: SearchBenchRow[] = [];
  const corpus = CorpusDb.open(file, embedder);
  try {
    const service = new SearchService(corpus, embedder);
    const results = new Map<SearchMode, string[][]>();
    for (const mode of ['keyword', 'standard', 'hybrid'] as SearchMode[]) {
      const found: string[][] = [];
      const times = await timeEach(queries, async (query) => found.push((await service.search(query, { mode })).map((h) => h.contextId)));
      results.set(mode, found);
      rows.push({ mode, contexts, ...percentiles(times) });
    }
    // The keyword row prunes common terms (KeywordIndex) and claims the plain query's result: checked here.
    const plainKeyword: string[][] = [];
    const plainTimes = await timeEach(queries, async (query) =>
      plainKeyword.push(corpus.keywordSearch(query, DEFAULT_SEARCH_K, { exact: true }).map((h) => h.contextId)),
    );
    Object.assign(rows[0], recallAgainst(plainKeyword, results.get('keyword')!));
    rows.splice(1, 0, {
      mode: 'keyword: plain FTS5 OR query (reference)',
      contexts,
      ...percentiles(plainTimes),
      recallAt10: 1,
      recallAtK: 1,
    });
    // Hybrid against hybrid made of the references (plain keyword query, exact vector scan): what both shortcuts cost.
    const exactHybrid = await Promise.all(
      queries.slice(0, (options.exactQueries ?? options.queries) + WARM_UP_QUERIES).map(async (query) => {
        const depth = Math.max(DEFAULT_SEARCH_K, MIN_FUSION_DEPTH);
        const vector = corpus.vectorSearch(await embedder.embedQuery(query), depth, { exact: true });
        return reciprocalRankFusion([corpus.keywordSearch(query, depth, { exact: true }), vector])
          .slice(0, DEFAULT_SEARCH_K)
          .map((h) => h.contextId);
      }),
    );
    Object.assign(
      rows.find((r) => r.mode === 'hybrid')!,
      recallAgainst(exactHybrid, results.get('hybrid')!),
    );
    // Parent expansion on top of hybrid: what `expand: 'parent'` adds to a request (target: ≤ 5 ms p50).
    const expandTimes = await timeEach(
      queries,
      async (query) => {
        const hits = await service.search(query, { mode: 'hybrid' });
        const start = performance.now();
        expandParents(hits, corpus);
        return performance.now() - start;
      },
      true,
    );
    rows.push({ mode: 'parent expansion alone (top 5, ±2)', contexts, ...percentiles(expandTimes) });
  } finally {
    corpus.close();
  }
  rows.push(...(await vectorVariants(file, embedder, queries, options.exactQueries ?? options.queries)));
  return rows;
}

/** The exact scan, then each first-pass variant on its own connection (its own in-memory codes), same queries. */
async function vectorVariants(file: string, embedder: Embedder, queries: string[], exactQueries: number): Promise<SearchBenchRow[]> {
  const contexts = (() => {
    const corpus = CorpusDb.openReadonly(file);
    try {
      return corpus.stats().contexts;
    } finally {
      corpus.close();
    }
  })();
  const vectors = await Promise.all(queries.slice(0, exactQueries + WARM_UP_QUERIES).map((q) => embedder.embedQuery(q)));
  const exactCorpus = CorpusDb.openReadonly(file);
  const exact: string[][] = [];
  const exactTimes: number[] = [];
  try {
    for (const [i, vector] of vectors.entries()) {
      const start = performance.now();
      const ids = exactCorpus.vectorSearch(vector, DEFAULT_SEARCH_K, { exact: true }).map((h) => h.contextId);
      if (i >= WARM_UP_QUERIES) exactTimes.push(performance.now() - start);
      exact.push(ids);
    }
  } finally {
    exactCorpus.close();
  }
  const rows: SearchBenchRow[] = [
    { mode: 'vector: exact vec0 scan (reference)', contexts, ...percentiles(exactTimes), recallAt10: 1, recallAtK: 1 },
  ];
  for (const variant of VECTOR_VARIANTS) {
    const corpus = CorpusDb.openReadonly(file, { vectorSearch: variant.settings });
    try {
      const times: number[] = [];
      let found10 = 0;
      let foundK = 0;
      for (const [i, vector] of vectors.entries()) {
        const start = performance.now();
        const ids = corpus.vectorSearch(vector, DEFAULT_SEARCH_K).map((h) => h.contextId);
        if (i < WARM_UP_QUERIES) continue; // the first search loads the in-memory codes
        times.push(performance.now() - start);
        found10 += overlap(exact[i].slice(0, 10), ids.slice(0, 10));
        foundK += overlap(exact[i], ids);
      }
      const wanted = vectors.length - WARM_UP_QUERIES;
      rows.push({
        mode: `vector: ${variant.name}`,
        contexts,
        ...percentiles(times),
        recallAt10: round(found10 / wanted, 3),
        recallAtK: round(foundK / wanted, 3),
      });
    } finally {
      corpus.close();
    }
  }
  return rows;
}

/**
 * Reads the corpus file once so every mode is timed with it in the OS page cache, as on a server that has been
 * answering for a while; otherwise the first mode timed pays for the disk reads the later ones reuse.
 */
export function warmPageCache(file: string): void {
  const buffer = Buffer.allocUnsafe(8 << 20);
  const fd = fs.openSync(file, 'r');
  try {
    while (fs.readSync(fd, buffer, 0, buffer.length, null) > 0);
  } finally {
    fs.closeSync(fd);
  }
}

/** Mean share of each reference list's top 10 / top k found in the same query's list (warm-up queries left out). */
function recallAgainst(reference: string[][], got: string[][]): { recallAt10: number; recallAtK: number } {
  const measured = reference.map((wanted, i) => ({ wanted, got: got[i] })).slice(WARM_UP_QUERIES);
  const mean = (values: number[]) => round(values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length), 3);
  return {
    recallAt10: mean(measured.map((m) => overlap(m.wanted.slice(0, 10), m.got.slice(0, 10)))),
    recallAtK: mean(measured.map((m) => overlap(m.wanted, m.got))),
  };
}

/** Share of `wanted` found in `got`. */
function overlap(wanted: string[], got: string[]): number {
  if (wanted.length === 0) return 1;
  const set = new Set(got);
  return wanted.filter((id) => set.has(id)).length / wanted.length;
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

function round(value: number, digits = 1): number {
  return Number(value.toFixed(digits));
}

if (require.main === module) {
  const [contexts = '100000', queries = '200'] = process.argv.slice(2);
  runSearchBench({ contexts: Number(contexts), queries: Number(queries), log: console.log })
    .then((result) => console.table(result.rows))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
