import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '@lectern/config';
import { CORPUS_DIR, REPO_ROOT } from '../test/support/paths';
import { runIngestBench } from './ingest.bench';
import { loadTable, runLoadBench } from './load.bench';
import { peerTable, type PrebuiltCorpus, runPeersBench } from './peers.bench';
import { latencyPlotSvg } from './peers/latency-plot';
import { qaRecallTable, runQaRecallBench } from './peers/qa-recall.bench';
import { runPoolBench } from './pool.bench';
import { markdownTable, writeBenchSection } from './results-file';
import { runSearchBench, type SearchBenchRow } from './search.bench';

/** The issue's scale target: hybrid p50 at the largest size, and the default first pass's recall@10 vs exact. */
const TARGET_HYBRID_P50_MS = 150;
const TARGET_RECALL_AT_10 = 0.95;
/** GROBID's published full-text throughput, 10.6 PDFs/s on 16 CPUs, per core. */
const GROBID_PDFS_PER_CORE = 0.66;

type Table = Array<Record<string, string | number | undefined>>;

/**
 * `npm run bench [-- --quick]`: ingest, search at scale, peers, QA recall and the API under load, each number
 * against a baseline measured in the same run. Prints every table and writes them to bench/RESULTS.md
 * (a quick run to bench/RESULTS.quick.md, git-ignored, so it never replaces the full run's numbers).
 */
async function main(): Promise<void> {
  const started = Date.now();
  const quick = process.argv.includes('--quick');
  const machine = `${os.cpus()[0]?.model.trim() ?? 'cpu'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, ${os.platform()}`;
  const sections: string[] = [];
  const emit = (title: string, table: Table, notes: string[] = []) => {
    console.log(`\n${title}`);
    console.table(table);
    notes.forEach((note) => console.log(note));
    sections.push(`### ${title}`, '', markdownTable(table), ...(notes.length ? ['', ...notes] : []), '');
  };
  const notes = (lines: string[]) => {
    lines.forEach((line) => console.log(line));
    sections.push(...lines, '');
  };
  const log = (line: string) => console.log(line);
  console.log(`Lectern benchmarks${quick ? ' (--quick)' : ''} — ${machine}\n`);

  const ingest = await runIngestBench(CORPUS_DIR, { rounds: quick ? 1 : 3 });
  emit(
    'Ingest, one thread, real corpus (target ≥ 20 pages/s per core)',
    ingest.map((r) => ({
      what: r.what,
      documents: r.documents,
      pages: r.pages,
      seconds: r.seconds.toFixed(2),
      'pages/s/core': r.pagesPerSecond.toFixed(1),
      'vs bare PDF.js': (r.pagesPerSecond / ingest[0].pagesPerSecond).toFixed(2),
    })),
  );

  // 1, 2 and the configured WORKERS (cores by default) pool threads.
  const pool = await runPoolBench(CORPUS_DIR, loadConfig().workers);
  emit(
    'Ingest through the worker and its thread pool, end to end (queue → pool → corpus), all corpus PDFs',
    pool.map((r) => ({
      parsers: r.parsers,
      threads: r.threads,
      documents: r.documents,
      pages: r.pages,
      seconds: r.seconds.toFixed(2),
      'docs/s': r.docsPerSecond.toFixed(2),
      'pages/s': r.pagesPerSecond.toFixed(1),
      'speed-up vs 1 thread': r.speedUp.toFixed(2),
      'cores busy': r.coresBusy.toFixed(2),
      // Only the embedded rows parse for themselves; the replay rows read GROBID's recorded output, so they are no rate to set against GROBID's.
      'PDFs/s per busy core vs GROBID (0.66)': r.parsers.startsWith('embedded')
        ? (r.docsPerSecond / r.coresBusy / GROBID_PDFS_PER_CORE).toFixed(2)
        : '— (replayed)',
      'peak RSS MB (before)': `${r.peakRssMb} (${r.rssBeforeMb})`,
    })),
    [
      '- Peak RSS: this process while the batch ran, sampled every 10 ms; the pool threads are in it. In brackets: its RSS just before (warm pool, earlier benches).',
      '- Cores busy: CPU time of the whole process (main thread, pool threads, V8 garbage-collector threads; for the replay rows also the GROBID replay server, which runs in it) divided by wall time. ' +
        `GROBID's published full-text rate is about 10.6 PDFs/s on 16 CPUs, ${GROBID_PDFS_PER_CORE} per core; Lectern's per-core rate divides its PDFs/s by the cores it kept busy.`,
      `- One pool thread already keeps ${pool.find((r) => r.threads === 1)?.coresBusy.toFixed(1)} cores busy (PDF.js on the thread, V8's parallel and concurrent garbage collector beside it), so on this ${os.availableParallelism()}-core machine a second thread has little left to use.`,
    ],
  );

  // The largest search corpus is kept for the peers' Lectern row: building 1M contexts twice would cost ~9 minutes.
  const searchSizes = sizesArg('--search-sizes') ?? (quick ? [20_000] : [100_000, 1_000_000]);
  const prebuilt = new Map<number, PrebuiltCorpus>();
  const targetNotes: string[] = [];
  for (const contexts of searchSizes) {
    const keep = contexts === Math.max(...searchSizes) && searchSizes.length > 1;
    log(`search bench: building ${contexts.toLocaleString('en')} contexts`);
    const search = await runSearchBench({
      contexts,
      queries: quick ? 50 : 100,
      exactQueries: contexts >= 1_000_000 ? 30 : quick ? 30 : 50,
      keep,
      log,
    });
    if (search.file) prebuilt.set(contexts, { file: search.file, buildSeconds: search.buildSeconds });
    const exact = search.rows.find((r) => r.mode.includes('exact'));
    emit(
      `Search, synthetic corpus of ${contexts.toLocaleString('en')} contexts × 768 dims, k = 80 (inserted in ${search.buildSeconds} s)`,
      search.rows.map((r) => ({
        mode: r.mode,
        'p50 ms': r.p50Ms,
        'p95 ms': r.p95Ms,
        'recall@10 vs exact': r.recallAt10 ?? '',
        'recall@80 vs exact': r.recallAtK ?? '',
        'p50 vs exact scan': exact ? (r.p50Ms / exact.p50Ms).toFixed(3) : '',
      })),
    );
    targetNotes.push(scaleVerdict(contexts, search.rows));
  }
  notes(FIRST_PASS_NOTES);
  notes(targetNotes.map((line) => `- ${line}`));

  const peerSizes = sizesArg('--peer-sizes') ?? (quick ? [10_000] : [10_000, 100_000, 1_000_000]);
  try {
    const peers = await runPeersBench({ sizes: peerSizes, queries: quick ? 50 : 100, modeBudgetSeconds: quick ? 15 : 60, prebuilt, log });
    emit('Peers: same synthetic contexts, vectors and queries, k = 80, each system in its own child process', peerTable(peers.rows), [
      `Orama and MiniSearch hold their index in memory; Lectern is on-disk SQLite. Memory after a forced gc (${peers.gc}). ` +
        'Vector and hybrid times include embedding the query. Orama runs with `similarity: 0` (its default 0.8 cut is not a top-k query). ' +
        'Each mode is timed for up to 100 queries or until its time budget is spent (at least 20). A peer whose RSS, extrapolated from the ' +
        'two smaller sizes, would pass 60% of available memory or 12 GB is not run. Lectern at 1M opens the corpus the search bench built ' +
        '(its build seconds are that insert time; its RSS Δ is opening it and loading the in-memory codes) after reading the file once into the OS page cache, as the search bench does.',
    ]);
    if (peerSizes.length > 1) {
      const file = path.join(REPO_ROOT, 'bench', 'peers-latency.svg');
      fs.writeFileSync(
        file,
        latencyPlotSvg(
          peers.rows.filter((r) => !r.skipped),
          'Search p50 latency against corpus size (k = 80)',
        ),
      );
      sections.push('Plot: [peers-latency.svg](peers-latency.svg) (p50 against corpus size, log–log).', '');
    }
  } finally {
    for (const corpus of prebuilt.values()) fs.rmSync(path.dirname(corpus.file), { recursive: true, force: true });
  }

  const qa = await runQaRecallBench({ quick, log });
  emit(
    `Recall@5 on the QA data, every system indexing Lectern's contexts (CONTEXT_MAX_TOKENS=${qa.contextMaxTokens})`,
    qaRecallTable(qa.rows),
    [
      ...qa.corpus.map((line) => `- ${line}`),
      '- Same embedder for Lectern and Orama vectors; Lectern/peer > 1: Lectern finds evidence in the top 5 more often.',
      "- Orama's keyword row is low because Orama 3 matches every query word as a prefix by default (it is built for search-as-you-type: `the` also scores `their` and `therapy`), " +
        'and its `exact` option instead keeps only texts holding the whole query verbatim; whole-sentence questions suit neither. MiniSearch, whole words and BM25 like FTS5, is the like-for-like keyword peer.',
    ],
  );

  const load = await runLoadBench({ pdfDir: path.join(CORPUS_DIR, 'pdf'), seconds: quick ? 10 : 30, log });
  emit('The API under load: 50 connections of hybrid POST /projects/:id/search from this process to the API on loopback', loadTable(load), [
    '- The API runs with its ingest worker in the same process (the default); the second run starts right after uploading the other half of the corpus PDFs into the searched project, so they are parsed, embedded and written while it runs.',
  ]);

  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const header = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; the run took ${minutes} minutes` +
      ` (\`npm run bench${quick ? ' -- --quick' : ''}\`; ${quick ? 'the full run adds 100k and 1M contexts and 30 s load windows' : '`-- --quick` measures 20k / 10k contexts and 10 s load windows'}).` +
      ' The machine is a shared virtual host, so absolute times move between runs on different days; compare the ratios against the baselines measured in the same run (see *Reproducibility* below for how far each has moved).',
    '',
  ];
  // A quick run is a check, not a measurement to keep: it must not replace the full run's numbers.
  const results = quick ? 'RESULTS.quick.md' : 'RESULTS.md';
  writeBenchSection(path.join(REPO_ROOT, 'bench', results), [...header, ...sections].join('\n'));
  console.log(`\nwritten to bench/${results} (${minutes} min)`);
}

/** What the vector rows of the search tables measure: where each part of the quantized first pass runs. */
const FIRST_PASS_NOTES = [
  '- Quantized first pass: every vector also has a 1024-bit SimHash code (signs of 1024 random projections), stored in SQLite as a sqlite-vec bit vector. ' +
    "`VECTOR_PREFILTER=sql` ranks the codes inside SQLite by sqlite-vec's `vec_distance_hamming`; `memory` (the default) ranks a copy of them held in memory (128 bytes a context) with a WebAssembly popcount scan, " +
    "because that scan is several times faster than the SQL one at these sizes (compare the two rows). Either way the candidates are re-scored exactly with sqlite-vec's `vec_distance_cosine` on the stored float vectors, and `VECTOR_RESCORE_CANDIDATES` sets how many.",
  "- Recall columns: vector rows against the exact vec0 float scan's top 10 / top 80; keyword against the plain FTS5 OR query (the pruned query must return the same top 80); hybrid against the hybrid fused from those two references.",
];

/** `--search-sizes=100000,1000000` (or `--peer-sizes=`) overrides a bench's corpus sizes. */
function sizesArg(flag: string): number[] | undefined {
  const arg = process.argv.find((a) => a.startsWith(`${flag}=`));
  return arg
    ? arg
        .slice(flag.length + 1)
        .split(',')
        .map(Number)
    : undefined;
}

/** Whether the scale target holds at this size, stated with its numbers. */
function scaleVerdict(contexts: number, rows: SearchBenchRow[]): string {
  const hybrid = rows.find((r) => r.mode === 'hybrid');
  const keyword = rows.find((r) => r.mode === 'keyword');
  const standard = rows.find((r) => r.mode === 'standard');
  const shipped = rows.find((r) => r.mode.includes('(default)'));
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const p50 = hybrid?.p50Ms ?? Infinity;
  const recall = shipped?.recallAt10 ?? 0;
  return (
    `Scale target at ${contexts.toLocaleString('en')} contexts: hybrid p50 ${p50} ms (target ≤ ${TARGET_HYBRID_P50_MS}: ${met(p50 <= TARGET_HYBRID_P50_MS)}; ` +
    `its parts: keyword ${keyword?.p50Ms} ms, vector ${standard?.p50Ms} ms), vector recall@10 vs exact ${recall} (target ≥ ${TARGET_RECALL_AT_10}: ${met(recall >= TARGET_RECALL_AT_10)}); ` +
    `hybrid recall@10 / @80 vs hybrid of the references ${hybrid?.recallAt10} / ${hybrid?.recallAtK}; pruned keyword top 80 vs the plain query ${keyword?.recallAtK}.`
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
