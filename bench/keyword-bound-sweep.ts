import { performance } from 'node:perf_hooks';
import { CorpusDb, KeywordIndex, PRUNE_FROM_CONTEXTS, openDatabase } from '@lectern/corpus';
import { LexicalEmbedder } from '@lectern/embeddings';
import { DEFAULT_SEARCH_K, MIN_FUSION_DEPTH } from '@lectern/retrieval';
import { queryTerms } from '@lectern/text';
import { cachedSearchCorpus } from './search-corpus-cache';
import { warmPageCache } from './search.bench';
import { syntheticQueries } from './synthetic-corpus';
import { cpuMs } from './cpu-time';
import { median, fuse, share } from './sweep-stats';

/**
 * The keyword leg's row bound against hybrid recall: for each bound, the bounded keyword ranking fused with the shipped
 * vector leg, against hybrid fused from the plain FTS5 query and the exact vector scan; and each bound's CPU per
 * search (its two halves run one after the other on this thread, the bounds in turn on each query so they share the
 * machine's state). `node dist/bench/keyword-bound-sweep.js [queries] [bounds…]`.
 */
async function main(): Promise<void> {
  const [queriesArg, ...boundArgs] = process.argv.slice(2);
  const count = Number(queriesArg ?? 60);
  const bounds = boundArgs.length > 0 ? boundArgs.map(Number) : [20_000, 30_000, 40_000, 50_000, 70_000];
  const embedder = new LexicalEmbedder();
  const cached = await cachedSearchCorpus(1_000_000, embedder, console.log);
  warmPageCache(cached.file);
  const corpus = CorpusDb.openReadonly(cached.file);
  const db = openDatabase(cached.file, { readonly: true });
  const depth = Math.max(DEFAULT_SEARCH_K, MIN_FUSION_DEPTH);
  const warmUp = 3;
  const queries = syntheticQueries(count + warmUp);
  const indexes = bounds.map((bound) => new KeywordIndex(db, PRUNE_FROM_CONTEXTS, bound));
  const plain = new KeywordIndex(db, PRUNE_FROM_CONTEXTS, Number.POSITIVE_INFINITY);
  const stats = bounds.map(() => ({
    cpu: [] as number[],
    rare: [] as number[],
    common: [] as number[],
    r10: [] as number[],
    rK: [] as number[],
    kw10: [] as number[],
  }));
  const started = performance.now();
  for (const [i, query] of queries.entries()) {
    const terms = queryTerms(query);
    const vector = await embedder.embedQuery(query);
    const vectorLeg = corpus.vectorRanking(vector, depth);
    const exactVector = corpus.vectorRanking(vector, depth, { exact: true });
    const plainLeg = plain.top(terms, depth, true);
    const reference = fuse(plainLeg, exactVector);
    const order = bounds.map((_, b) => (b + i) % bounds.length);
    for (const b of order) {
      const index = indexes[b];
      const [rare, rareMs] = cpuMs(() => index.half(terms, depth, 'rare'));
      const [common, commonMs] = cpuMs(() => index.half(terms, depth, 'common'));
      const [whole, wholeMs] = cpuMs(() => index.top(terms, depth));
      void rare;
      void common;
      if (i < warmUp) continue;
      const s = stats[b];
      s.rare.push(rareMs);
      s.common.push(commonMs);
      s.cpu.push(wholeMs);
      const got = fuse(whole, vectorLeg);
      s.r10.push(share(reference.slice(0, 10), got.slice(0, 10)));
      s.rK.push(share(reference, got));
      s.kw10.push(
        share(
          plainLeg.slice(0, 10).map((m) => m.rowid),
          whole.slice(0, 10).map((m) => m.rowid),
        ),
      );
    }
    if (i % 10 === 0) console.log(`  ${i} queries, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  console.log('bound | hybrid r@10 | hybrid r@80 | keyword r@10 | CPU/search p50 (top) | rare half p50 | common half p50 | answeredBy');
  bounds.forEach((bound, b) => {
    const s = stats[b];
    console.log(
      [
        bound,
        mean(s.r10).toFixed(3),
        mean(s.rK).toFixed(3),
        mean(s.kw10).toFixed(3),
        median(s.cpu).toFixed(1),
        median(s.rare).toFixed(1),
        median(s.common).toFixed(1),
        JSON.stringify(indexes[b].answeredBy),
      ].join(' | '),
    );
  });
  db.close();
  corpus.close();
}

void main();
