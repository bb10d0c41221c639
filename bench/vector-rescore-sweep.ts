import { CorpusDb, KeywordIndex, openDatabase, PRUNE_FROM_CONTEXTS } from '@lectern/corpus';
import { LexicalEmbedder } from '@lectern/embeddings';
import { DEFAULT_SEARCH_K, MIN_FUSION_DEPTH } from '@lectern/retrieval';
import { queryTerms } from '@lectern/text';
import { cachedSearchCorpus } from './search-corpus-cache';
import { warmPageCache } from './search.bench';
import { syntheticQueries } from './synthetic-corpus';
import { cpuMs } from './cpu-time';
import { median, fuse, share } from './sweep-stats';

/**
 * The vector leg's re-scored candidates against hybrid recall at 1M: for each count, the shipped bounded keyword leg
 * fused with that vector leg, against hybrid fused from the plain FTS5 query and the exact vector scan; vector
 * recall against the exact scan; and the vector leg's CPU per search (the counts in turn on each query).
 * `node dist/bench/vector-rescore-sweep.js [queries] [counts…]`.
 */
async function main(): Promise<void> {
  const [queriesArg, ...countArgs] = process.argv.slice(2);
  const count = Number(queriesArg ?? 40);
  const counts = countArgs.length > 0 ? countArgs.map(Number) : [2000, 1500, 1000];
  const embedder = new LexicalEmbedder();
  const cached = await cachedSearchCorpus(1_000_000, embedder, console.log);
  warmPageCache(cached.file);
  const corpus = CorpusDb.openReadonly(cached.file);
  const db = openDatabase(cached.file, { readonly: true });
  const bounded = new KeywordIndex(db);
  const plain = new KeywordIndex(db, PRUNE_FROM_CONTEXTS, Number.POSITIVE_INFINITY);
  const variants = counts.map((rescoreCandidates) => CorpusDb.openReadonly(cached.file, { vectorSearch: { rescoreCandidates } }));
  const depth = Math.max(DEFAULT_SEARCH_K, MIN_FUSION_DEPTH);
  const warmUp = 3;
  const stats = counts.map(() => ({
    cpu: [] as number[],
    r10: [] as number[],
    rK: [] as number[],
    v10: [] as number[],
    vK: [] as number[],
  }));
  for (const [i, query] of syntheticQueries(count + warmUp).entries()) {
    const vector = await embedder.embedQuery(query);
    const exactVector = corpus.vectorRanking(vector, depth, { exact: true });
    const reference = fuse(plain.top(queryTerms(query), depth, true), exactVector);
    const keyword = bounded.top(queryTerms(query), depth);
    for (const v of counts.map((_, c) => (c + i) % counts.length)) {
      const [leg, ms] = cpuMs(() => variants[v].vectorRanking(vector, depth));
      if (i < warmUp) continue;
      const s = stats[v];
      s.cpu.push(ms);
      const got = fuse(keyword, leg);
      s.r10.push(share(reference.slice(0, 10), got.slice(0, 10)));
      s.rK.push(share(reference, got));
      s.v10.push(share(ids(exactVector).slice(0, 10), ids(leg).slice(0, 10)));
      s.vK.push(share(ids(exactVector), ids(leg)));
    }
    if (i % 10 === 0) console.log(`  ${i} queries`);
  }
  const mean = (v: number[]) => (v.reduce((a, b) => a + b, 0) / v.length).toFixed(3);
  console.log('re-scored | hybrid r@10 | hybrid r@80 | vector r@10 | vector r@80 | vector CPU/search p50 ms');
  counts.forEach((c, v) => {
    const s = stats[v];
    console.log([c, mean(s.r10), mean(s.rK), mean(s.v10), mean(s.vK), median(s.cpu).toFixed(1)].join(' | '));
  });
  for (const open of [corpus, ...variants]) open.close();
  db.close();
}

function ids(ranked: ReadonlyArray<{ rowid: number }>): number[] {
  return ranked.map((r) => r.rowid);
}

void main();
