import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CORPUS_DIR } from '../test/support/paths';
import { runIngestBench } from './ingest.bench';
import { peerTable, runPeersBench } from './peers.bench';
import { latencyPlotSvg } from './peers/latency-plot';
import { runPoolBench } from './pool.bench';
import { runSearchBench } from './search.bench';

/** `npm run bench [-- --quick]`: ingest and search speed, printed as tables, each against a same-run baseline. */
async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const corpusDir = CORPUS_DIR;
  console.log(`Lectern benchmarks — ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, node ${process.version}\n`);

  const ingest = await runIngestBench(corpusDir, { rounds: quick ? 1 : 3 });
  console.log('Ingest (single thread, real corpus; targets ≥ 20 pages/s per core)');
  console.table(
    ingest.map((r) => ({
      what: r.what,
      documents: r.documents,
      pages: r.pages,
      seconds: r.seconds.toFixed(2),
      'pages/s/core': r.pagesPerSecond.toFixed(1),
      'vs baseline': (r.pagesPerSecond / ingest[0].pagesPerSecond).toFixed(2),
    })),
  );

  const pool = await runPoolBench(corpusDir, os.availableParallelism());
  console.log('\nIngest through the worker and its thread pool, end to end (queue → pool → corpus), all corpus PDFs');
  console.table(
    pool.map((r) => ({
      parsers: r.parsers,
      threads: r.threads,
      documents: r.documents,
      pages: r.pages,
      seconds: r.seconds.toFixed(2),
      'docs/s': r.docsPerSecond.toFixed(2),
      'pages/s': r.pagesPerSecond.toFixed(1),
      'speed-up vs 1 thread': r.speedUp.toFixed(2),
      'PDFs/s per core vs GROBID (0.66)': (r.docsPerSecond / r.threads / 0.66).toFixed(2),
    })),
  );

  const contexts = quick ? 20_000 : 100_000;
  const search = await runSearchBench({ contexts, queries: quick ? 50 : 200 });
  console.log(`\nSearch (synthetic corpus of ${contexts.toLocaleString('en')} contexts, 768-dim; target hybrid p50 ≤ 50 ms at 100k)`);
  const exact = search.find((r) => r.mode.includes('exact'));
  console.table(
    search.map((r) => ({
      ...r,
      recallAtK: r.recallAtK ?? '',
      'p50 vs exact vec0 scan': exact ? (r.p50Ms / exact.p50Ms).toFixed(2) : '',
    })),
  );

  // `--peer-sizes=10000,100000,1000000` overrides the sizes; 1M needs several GB for the in-memory peers.
  const sizesArg = process.argv.find((arg) => arg.startsWith('--peer-sizes='));
  const sizes = sizesArg ? sizesArg.slice('--peer-sizes='.length).split(',').map(Number) : quick ? [10_000] : [10_000, 100_000];
  const peers = await runPeersBench({ sizes, queries: quick ? 50 : 100 });
  console.log(
    `\nPeers (same synthetic contexts and 768-dim vectors, same queries, k = 80, each system in its own process; ` +
      `Orama and MiniSearch in memory, Lectern on-disk SQLite; gc before memory readings: ${peers.gc})`,
  );
  console.table(peerTable(peers.rows));
  if (sizes.length > 1) {
    const file = path.join(__dirname, '..', '..', 'bench', 'peers-latency.svg');
    fs.writeFileSync(file, latencyPlotSvg(peers.rows, 'Search p50 latency against corpus size (k = 80)'));
    console.log(`plot written to ${path.relative(process.cwd(), file)}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
