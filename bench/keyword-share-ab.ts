import { performance } from 'node:perf_hooks';
import { CorpusDb } from '@lectern/corpus';
import { LexicalEmbedder } from '@lectern/embeddings';
import { DEFAULT_SEARCH_K, fuseRankings, MIN_FUSION_DEPTH } from '@lectern/retrieval';
import { cachedSearchCorpus } from './search-corpus-cache';
import { syntheticQueries } from './synthetic-corpus';
import { median } from './sweep-stats';

/**
 * The keyword leg on its two threads with and without counting the terms together (TermCountShare), alternating
 * which goes first on each query, each with cold count caches for the question's new words as in a fresh process:
 * wall ms and the process's CPU ms per search, and whether the answers agree; `hybrid` runs each inside a hybrid search
 * as SearchService does (the vector leg on this thread meanwhile). `node dist/bench/keyword-share-ab.js [queries] [hybrid]`.
 */
async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 60);
  const hybrid = process.argv[3] === 'hybrid';
  const warmUp = 3;
  const embedder = new LexicalEmbedder();
  const cached = await cachedSearchCorpus(1_000_000, embedder, console.log);
  const corpus = CorpusDb.openReadonly(cached.file);
  const depth = Math.max(DEFAULT_SEARCH_K, MIN_FUSION_DEPTH);
  // Each variant's keyword threads are its own corpus's; the vector leg is `corpus`'s (one copy of the codes).
  const search = async (variant: CorpusDb, query: string): Promise<unknown> => {
    if (!hybrid) return variant.keywordRankingConcurrently(query, depth);
    const keywordLeg = variant.keywordRankingConcurrently(query, depth);
    const vector = corpus.vectorRanking(await embedder.embedQuery(query), depth);
    return corpus
      .hits(fuseRankings([await keywordLeg, vector], (ranked) => ranked.rowid).slice(0, DEFAULT_SEARCH_K))
      .map((h) => h.contextId);
  };
  if (hybrid) corpus.vectorRanking(await embedder.embedQuery('warm the in-memory codes'), depth);
  const variants = {
    shared: CorpusDb.openReadonly(cached.file),
    separate: CorpusDb.openForBench(cached.file, { countTermsApart: true }).corpus,
  };
  const stats = { shared: { wall: [] as number[], cpu: [] as number[] }, separate: { wall: [] as number[], cpu: [] as number[] } };
  let same = 0;
  const queries = syntheticQueries(count + warmUp, 11);
  for (const [i, query] of queries.entries()) {
    const order = (i % 2 === 0 ? ['shared', 'separate'] : ['separate', 'shared']) as Array<keyof typeof variants>;
    const answers: string[] = [];
    for (const name of order) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      answers.push(JSON.stringify(await search(variants[name], query)));
      const wall = performance.now() - start;
      const used = process.cpuUsage(cpu);
      if (i < warmUp) continue;
      stats[name].wall.push(wall);
      stats[name].cpu.push((used.user + used.system) / 1000);
    }
    if (i >= warmUp && answers[0] === answers[1]) same++;
  }
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  for (const [name, s] of Object.entries(stats))
    console.log(
      `${name.padEnd(9)} wall p50 ${median(s.wall).toFixed(1)} ms, CPU p50 ${median(s.cpu).toFixed(1)} ms, CPU mean ${mean(s.cpu).toFixed(1)} ms`,
    );
  console.log(
    `ratio shared/separate: wall p50 ×${(median(stats.shared.wall) / median(stats.separate.wall)).toFixed(3)}, CPU p50 ×${(median(stats.shared.cpu) / median(stats.separate.cpu)).toFixed(3)}, CPU mean ×${(mean(stats.shared.cpu) / mean(stats.separate.cpu)).toFixed(3)}; answers identical ${same}/${count}`,
  );
  for (const variant of Object.values(variants)) variant.close();
  corpus.close();
}
void main();
