import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '@lectern/config';
import { OCR_DPI } from '@lectern/parsing';
import { CORPUS_DIR, REPO_ROOT } from '../test/support/paths';
import { runHostileBench } from './hostile.bench';
import { runIngestBench } from './ingest.bench';
import { loadTable, runLoadBench } from './load.bench';
import { peerTable, type PrebuiltCorpus, runPeersBench } from './peers.bench';
import { latencyPlotSvg } from './peers/latency-plot';
import { qaRecallTable, runQaRecallBench } from './peers/qa-recall.bench';
import { OCR_NOTES, runOcrDocumentBench, runOcrEngineBench } from './ocr.bench';
import { runPoolBench } from './pool.bench';
import { markdownTable, writeBenchSection, writeBenchSubsection } from './results-file';
import { runScaleOutBench, type ScaleOutRow } from './scale-out.bench';
import { projectWorkers } from './scale-out.math';
import { runSearchBench, type SearchBenchRow } from './search.bench';
import { SEARCH_CORPUS_CACHE_DIR } from './search-corpus-cache';
import { runSearchTailBench, REFERENCE_EXACT_MS, tailTable, tailVerdict } from './search-tail.bench';
import { profileNote } from './search-tail-profile';

/** The issue's scale target: hybrid p50 at the largest size, and the default first pass's recall@10 vs exact. */
const TARGET_HYBRID_P50_MS = 150;
const TARGET_RECALL_AT_10 = 0.95;
/** GROBID's published full-text throughput, 10.6 PDFs/s on 16 CPUs, per core. */
const GROBID_PDFS_PER_CORE = 0.66;

type Table = Array<Record<string, string | number | undefined>>;

const POOL_HEADING = 'Ingest through the worker and its thread pool';
const TAIL_HEADING = 'Search tail at';
const SEARCH_HEADING = 'Search, synthetic corpus of';
const TAIL_NOTES = [
  '- Columns: "at reference speed" multiplies each ratio to this run\'s exact vec0 scan by that scan\'s p50 in the run that set the bounds (1301.4 ms, 2026-11-22), so runs on a busy or a quiet machine compare; the bounds (hybrid p50 ≤ 60 ms, p95 ≤ 150 ms) apply to those columns.',
  "- Keyword leg: the rows holding each term are read exactly from an fts5vocab row table (the term tokenized once by the index's tokenizer) and cached until FTS5's totals change. When the terms' rows together pass MAX_SCORED_ROWS, the rarest terms (as many as fit, else rows holding both of the two rarest) are the rare side: one query names them alone (FTS5's bm25() counts the rows of every term it names on each query, so the common terms' long lists are not read there) and one is `(rare) AND (common)`, which names every term once; merged, they are the exact top k of the rows holding a rare term. A row without one scores at most the common terms' sum of idf × (k1 + 1): when the k-th score reaches that, the answer is provably the plain query's, else it is approximate. Recall of the bounded legs is against the plain query; hybrid recall against hybrid fused from the plain query and the exact vector scan.",
  '- Hybrid runs the keyword leg on two worker threads, each with its own read-only connection (better-sqlite3 is synchronous): one runs the rare-only query, the other `(rare) AND (common)`, while the main thread embeds the query and scans vectors; the two count the rows of the words of the question together, each word once (in shared memory; the row where each keyword thread counts the rows of every word itself is the former way, its threads meeting the words cold as those of the shipped row do, the two timed alternately query by query); when a commit lands between their reads, one thread answers alone. With 2 cores shared by other work the overlap is partial. The rankings of the legs are fused by seq and only the fused top k are read into hits.',
  "- Vector leg: the in-memory SimHash codes (1024 bits) are ranked by Hamming distance in WebAssembly (scan, histogram and collection of the nearest), and the candidates are re-scored exactly with `vec_distance_cosine`, read in rowid order. Vector rows' recall is against the exact vec0 scan's top 10 / top 80 (30 queries). The two-stage row first ranks every code on its first 512 bits, keeps the 50,000 nearest and ranks those on all 1024: approximate, a neighbour whose prefix is far is missed.",
];
const SCALE_OUT_HEADING = 'Scale-out:';
const OCR_HEADING = 'OCR:';
const HOSTILE_HEADING = 'Hostile input: each class against the real API, a bomb failing alone while the API answers';
/** The projection's target rate. */
const TARGET_PAPERS_PER_HOUR = 10_000;

type Section = { title: string; table: Table; notes: string[] };

/** A bench that `--only <name>` runs alone, and the subsection of the results file its tables replace. */
interface OnlyBench {
  /** The heading its subsection starts with, and the heading it goes after when the file has none yet. */
  heading: string;
  after: string;
  /** Its tables state how they were measured themselves (no "Measured … by …" line is added). */
  saysHowMeasured?: boolean;
  run(options: { quick: boolean; log: (line: string) => void; machine: string }): Promise<Section[]>;
}

const ONLY_BENCHES: Record<string, OnlyBench> = {
  'scale-out': {
    heading: SCALE_OUT_HEADING,
    after: POOL_HEADING,
    run: async ({ quick, log }) => [await scaleOutSection(quick, log)],
  },
  // The 1M hybrid tail on the cached corpus (built once, then reused).
  'search-tail': {
    heading: TAIL_HEADING,
    after: `${SEARCH_HEADING} 1,000,000`,
    saysHowMeasured: true,
    run: async ({ quick, log, machine }) => {
      const contexts = sizesArg('--search-sizes')?.[0] ?? (quick ? 100_000 : 1_000_000);
      const tail = await runSearchTailBench({ contexts, queries: quick ? 50 : 100, exactQueries: quick ? 10 : 30, log });
      const title = `${TAIL_HEADING} ${contexts.toLocaleString('en')} contexts: keyword leg bounded and on its own threads, k = 80`;
      const notes = [
        `Measured ${new Date().toISOString().slice(0, 10)} on ${machine} by \`npm run bench -- --only search-tail${quick ? ' --quick' : ''}\`, nice ${os.getPriority()}, ` +
          `load average ${tail.loadAverage.toFixed(2)} on ${os.availableParallelism()} cores when timing began and ${tail.loadAverageAtEnd.toFixed(2)} when it ended ` +
          (tail.loadAverage > os.availableParallelism()
            ? '(above the core count: other work was running, compare the ratios). '
            : '(a quiet machine). ') +
          `Corpus ${tail.reused ? 'reused from' : 'built into'} the cache (\`node_modules/.cache/lectern-bench\`, inserted in ${tail.buildSeconds} s).`,
        `- ${tailVerdict(tail)}`,
        `- ${profileNote(tail.profile, REFERENCE_EXACT_MS / tail.exactP50Ms)}`,
        ...TAIL_NOTES,
      ];
      return [{ title, table: tailTable(tail), notes }];
    },
  },
  hostile: {
    heading: HOSTILE_HEADING,
    after: POOL_HEADING,
    run: async ({ log }) => {
      const { rows, notes } = await runHostileBench(log);
      return [{ title: HOSTILE_HEADING, table: rows, notes }];
    },
  },
  // `--ocr-pages=N` sets the scanned book's pages.
  ocr: { heading: OCR_HEADING, after: SCALE_OUT_HEADING, run: ({ quick, log }) => ocrSection(quick, log) },
};

/**
 * `npm run bench [-- --quick]`: ingest, search at scale, peers, QA recall and the API under load, each number
 * against a baseline measured in the same run. Prints every table and writes them to bench/RESULTS.md
 * (a quick run to bench/RESULTS.quick.md, git-ignored, so it never replaces the full run's numbers).
 */
async function main(): Promise<void> {
  const started = Date.now();
  const quick = process.argv.includes('--quick');
  const loadAtStart = os.loadavg()[0];
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

  const only = onlyArg();
  if (only !== undefined) {
    // `--only <bench>`: its tables alone, written over their own subsection of the results file (the rest is kept).
    const bench = Object.hasOwn(ONLY_BENCHES, only) ? ONLY_BENCHES[only] : undefined;
    if (!bench) throw new Error(`--only knows ${Object.keys(ONLY_BENCHES).join(', ')}, not ${only}`);
    for (const table of await bench.run({ quick, log, machine })) emit(table.title, table.table, table.notes);
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    const measured =
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine} by \`npm run bench -- --only ${only}${quick ? ' --quick' : ''}\` (${minutes} minutes), ` +
      `in a run of its own, not with the tables around it; load average at its start ${loadAtStart.toFixed(2)} on ${os.availableParallelism()} cores` +
      (loadAtStart > 0.5 ? ' (other work was running on the machine, so the absolute rates are low; compare the ratios).' : '.');
    const [heading, ...rest] = sections;
    // A quick run is a check, not a measurement to keep: it never replaces the full run's numbers.
    const results = quick ? 'RESULTS.quick.md' : 'RESULTS.md';
    const text = bench.saysHowMeasured ? sections : [heading, '', measured, ...rest];
    writeBenchSubsection(path.join(REPO_ROOT, 'bench', results), bench.heading, text.join('\n'), bench.after);
    console.log(`\nwritten to bench/${results} (${minutes} min)`);
    return;
  }

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
    `${POOL_HEADING}, end to end (queue → pool → corpus), all corpus PDFs`,
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
  const scaleOut = await scaleOutSection(quick, log);
  emit(scaleOut.title, scaleOut.table, scaleOut.notes);
  for (const table of await ocrSection(quick, log)) emit(table.title, table.table, table.notes);

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
      `${SEARCH_HEADING} ${contexts.toLocaleString('en')} contexts × 768 dims, k = 80 (inserted in ${search.buildSeconds} s)`,
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
    for (const corpus of prebuilt.values())
      if (!corpus.file.startsWith(SEARCH_CORPUS_CACHE_DIR)) fs.rmSync(path.dirname(corpus.file), { recursive: true, force: true });
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

/** The OCR engines compared on the same scanned pages, then a scanned book against the same pages born-digital. */
async function ocrSection(quick: boolean, log: (line: string) => void): Promise<Section[]> {
  const engines = await runOcrEngineBench(CORPUS_DIR, log);
  const arg = process.argv.find((a) => a.startsWith('--ocr-pages='));
  const pages = Math.min(99, arg ? Number(arg.slice('--ocr-pages='.length)) : quick ? 10 : 99);
  const document = await runOcrDocumentBench(CORPUS_DIR, pages, log);
  const [born, scanned] = document;
  return [
    {
      title: `${OCR_HEADING} engines on the same scanned pages (${engines[0]?.pages ?? 0} pages of 3 corpus papers)`,
      table: engines.map((r) => ({
        engine: r.engine,
        CER: r.cer.toFixed(3),
        WER: r.wer.toFixed(3),
        'word F1': r.wordF1.toFixed(3),
        's/page': r.secondsPerPage.toFixed(1),
        'pages/s per core': r.pagesPerCoreSecond.toFixed(3),
        'vs tesseract.js': (r.pagesPerCoreSecond / engines[0].pagesPerCoreSecond).toFixed(2),
      })),
      notes: [...OCR_NOTES, ocrChoice(engines)],
    },
    {
      title: `${OCR_HEADING} a ${pages}-page scanned book (thinkos) against the same pages born-digital, embedded parser, one thread`,
      table: document.map((r) => ({
        document: r.what,
        pages: r.pages,
        seconds: r.seconds.toFixed(1),
        'pages/s': r.pagesPerSecond.toFixed(2),
        'pages/s per core': r.pagesPerCoreSecond.toFixed(2),
        'peak RSS MB (before)': `${r.peakRssMb} (${r.rssBeforeMb})`,
        'vs born-digital': `${(born.pagesPerSecond / r.pagesPerSecond).toFixed(0)}× slower, ${r.peakRssMb - born.peakRssMb >= 0 ? '+' : ''}${r.peakRssMb - born.peakRssMb} MB`,
      })),
      notes: [
        `- One page is rendered and recognised at a time, so the OCR run's extra memory is a fixed amount (the tesseract.js worker and its model, one ${OCR_DPI}-dpi page image), not proportional to the page count: ${scanned.peakRssMb - born.peakRssMb} MB here.`,
      ],
    },
  ];
}

/** The engine Lectern embeds and why, with this run's numbers. */
function ocrChoice(engines: Array<{ engine: string; cer: number; wer: number; pagesPerCoreSecond: number }>): string {
  const [tesseract, paddle] = engines;
  if (!tesseract || !paddle) return '';
  return (
    `- **Choice: tesseract.js.** Here it reads ${(tesseract.pagesPerCoreSecond / paddle.pagesPerCoreSecond).toFixed(1)}× the pages per core of PaddleOCR ` +
    `with CER ${tesseract.cer.toFixed(3)} against ${paddle.cer.toFixed(3)} and WER ${tesseract.wer.toFixed(3)} against ${paddle.wer.toFixed(3)}; it also gives a box and a ` +
    'confidence for every word (PaddleOCR through @gutenye/ocr-node gives one box per detected line, and its detector joins lines across a column gutter, which ' +
    'the two-column reading order then cannot undo), it has one npm package per language (the PP-OCRv4 models shipped there are the Chinese/English ones), and it is ' +
    'WebAssembly with no native build. PaddleOCR stays a dev dependency, for this comparison only.'
  );
}

/** `--only scale-out` (or `--only=scale-out`): run that bench alone. */
function onlyArg(): string | undefined {
  const at = process.argv.findIndex((a) => a === '--only' || a.startsWith('--only='));
  if (at < 0) return undefined;
  return process.argv[at].includes('=') ? process.argv[at].slice('--only='.length) : process.argv[at + 1];
}

/**
 * The scale-out table: the embedded default against 1, 2 (and 4) worker processes on the Redis queue, the same
 * corpus PDFs as the pool bench (fewer in --quick), and the projection to the target rate from the 1-process row.
 */
async function scaleOutSection(quick: boolean, log: (line: string) => void): Promise<Section> {
  const files: string[] = [];
  for (const dir of [path.join(CORPUS_DIR, 'pdf'), path.join(CORPUS_DIR, 'pdf', 'extra')]) {
    for (const name of fs.readdirSync(dir).sort()) if (name.endsWith('.pdf')) files.push(path.join(dir, name));
  }
  const pdfs = quick ? files.slice(0, 8) : files;
  const processCounts = quick ? [1, 2] : [1, 2, 4];
  const threadsPerProcess = 1;
  const rounds = quick ? 1 : 3;
  const rows = await runScaleOutBench({ pdfs, processCounts, threadsPerProcess, rounds, log });
  const embedded = rows[0];
  const single = rows.find((r) => r.redisCpuSeconds !== undefined && r.processes === 1) as ScaleOutRow;
  const pagesPerPaper = embedded.pages / embedded.documents;
  const projection = projectWorkers({
    papersPerHour: TARGET_PAPERS_PER_HOUR,
    pagesPerPaper,
    pagesPerSecondPerCore: single.pagesPerSecondPerCore,
    pagesPerSecondPerProcess: single.pagesPerSecond,
    coresPerProcess: single.coresBusy,
  });
  const cores = os.availableParallelism();
  const most = rows[rows.length - 1];
  const table: Table = rows.map((r) => ({
    setup: r.setup,
    'worker processes': r.redisCpuSeconds === undefined ? '— (in the API)' : r.processes,
    documents: r.documents,
    pages: r.pages,
    seconds: r.seconds.toFixed(2),
    ...(rounds > 1 ? { 'seconds, each round': (r.rounds ?? []).map((x) => x.toFixed(1)).join(', ') } : {}),
    'pages/s': r.pagesPerSecond.toFixed(1),
    'pages/s vs embedded': (r.pagesPerSecond / embedded.pagesPerSecond).toFixed(2),
    'cores busy': r.coresBusy.toFixed(2),
    'pages/s per busy core': r.pagesPerSecondPerCore.toFixed(1),
    'per core vs embedded': (r.pagesPerSecondPerCore / embedded.pagesPerSecondPerCore).toFixed(2),
    'redis-server CPU s': r.redisCpuSeconds === undefined ? '' : r.redisCpuSeconds.toFixed(2),
    'retried claims (database is locked)': `${r.retries} (${r.lockedErrors})`,
  }));
  const locked = rows.filter((r) => r.lockedErrors > 0);
  const notes = [
    `- Each row: a fresh data dir and (Redis rows) a fresh redis-server; the worker processes (\`node dist/apps/worker/src/main.js\`, as \`npm run worker\`) started and idle first; every PDF uploaded once through the document intake by this process (an API with \`INGEST_WORKER=off\` in the Redis rows); timed from the first claim to the last document ready${rounds > 1 ? `; ${rounds} rounds through all the setups in turn, each row the median round (by wall time; all rounds' seconds beside it)` : ''}. ` +
      `Worker processes run with WORKERS=${threadsPerProcess} (one pool thread each) and MAX_CONCURRENT_DOCUMENTS=2; the embedded default runs the defaults (WORKERS = cores = ${cores}), and the second embedded row the worker processes' settings in the same single process, so the queue's share of a difference can be told from the threads'. Every row embeds with EMBEDDINGS=lexical, what \`auto\` picks here without a model. ` +
      'An idle worker process looks for jobs once a second (the in-process worker is woken by the upload itself), so in the Redis rows the other processes join within a second of the first claim; before the timed part every setup ingests 2 small generated PDFs per process in a project of their own (a warm-up: the pool thread started and the whole path run once, as in a long-running worker).',
    '- Cores busy: CPU time (utime + stime from /proc/<pid>/stat, every thread: main, pool thread, V8 GC) of the ingesting processes over wall time — the worker processes in the Redis rows (not this uploading process, not redis-server, whose CPU is its own column), the single API process in the embedded rows (its uploads included). Pages/s per busy core = pages over those CPU seconds.',
    `- This machine has ${cores} cores: ${most.processes} worker processes cannot use more than ${cores} cores' worth, so pages/s cannot grow with processes here (${most.processes} processes: ${most.pagesPerSecond.toFixed(1)} pages/s on ${most.coresBusy.toFixed(2)} busy cores, against ${single.pagesPerSecond.toFixed(1)} on ${single.coresBusy.toFixed(2)} for one; with other work on the machine the rows got fewer than ${cores} cores between them); the per-busy-core rate is what a process costs, and it is what the projection scales. ` +
      'Several processes on the same cores also compete for memory bandwidth and caches, which lowers the per-core rate compared with a process on cores of its own.',
    ...(locked.length > 0
      ? [
          `- **Found by this bench:** with several worker processes on one project, the corpus insert sometimes fails with \`SqliteError: database is locked\` (${locked.map((r) => `${r.lockedErrors} in the ${r.setup.startsWith('QUEUE=redis') ? `${r.processes}-process` : r.setup} row`).join(', ')}, median round): ` +
            "`ArticlesRepository.insert` opens a deferred transaction that reads (is the document stored?) before it writes, and in WAL mode SQLite refuses that upgrade at once (SQLITE_BUSY_SNAPSHOT, no busy_timeout wait) when another process committed in between. The job is retried after its backoff, so every document ends ready, but the retries and backoff cost wall time in the multi-process rows. A `BEGIN IMMEDIATE` transaction (better-sqlite3's `.immediate()`), or the single-writer commit of the stateless-worker design, removes it.",
        ]
      : []),
    `- **Projection, not a measurement:** ${TARGET_PAPERS_PER_HOUR.toLocaleString('en')} papers/hour at this corpus's mean of ${pagesPerPaper.toFixed(1)} pages a paper (${embedded.pages} pages / ${embedded.documents} PDFs) is ${projection.pagesPerSecondNeeded.toFixed(1)} pages/s. ` +
      `At the 1-process Redis row's ${single.pagesPerSecondPerCore.toFixed(1)} pages/s per busy core that is about **${projection.cores} busy cores**; ` +
      `counted in processes like that row (${single.pagesPerSecond.toFixed(1)} pages/s each, keeping ${single.coresBusy.toFixed(2)} cores busy), **${projection.processes} worker process${projection.processes === 1 ? '' : 'es'}** on about ${projection.processCores} cores. ` +
      'Linear: it assumes each process gets cores of its own at the rate measured here, the lexical embedder (a transformer embedder costs far more per page), and that Redis and the SQLite writes (one writer at a time per project corpus file, one for the catalog) keep up — at this rate a few commits a second, which the redis-server CPU column above suggests is far from a limit for Redis; the SQLite writers are not measured at that rate here.',
    "- A GROBID farm is the parsing-service side of the same scale-out: put several GROBID servers behind a load balancer and point every worker's `GROBID_URL` at the balancer (the workers need no list of servers). " +
      "Each worker sends each document to `/api/processFulltextDocument` first, then parses it with PDF.js on its pool thread and merges the two, so the farm sees up to (worker processes × MAX_CONCURRENT_DOCUMENTS) requests at once; give it that many GROBID threads in all. The request has a timeout of `PARSER_TIMEOUT_SECONDS` (default 300) per request, not retried once it times out; a busy answer (503, honouring `Retry-After`), a 5xx or a refused connection is retried up to 4 times with doubling backoff from 0.5 s, so the balancer should pass GROBID's 503 through (or send the retry to another server). " +
      "If GROBID still fails, the document is not failed: it is parsed without GROBID and gets a warning, and that worker marks the service suspect — before each later document it asks `/api/isalive` (5 s timeout), skipping GROBID while it is down, and calls it again once it answers. That check is per worker process, so the balancer's `/api/isalive` should answer for the farm (true while any server is up). " +
      `The farm is sized apart from the workers: at GROBID's published ~0.66 PDFs/s per core, ${TARGET_PAPERS_PER_HOUR.toLocaleString('en')} papers/hour (${(TARGET_PAPERS_PER_HOUR / 3600).toFixed(2)} PDFs/s) needs about ${Math.ceil(TARGET_PAPERS_PER_HOUR / 3600 / GROBID_PDFS_PER_CORE)} GROBID cores.`,
  ];
  const title = `${SCALE_OUT_HEADING} ingest with 1, ${processCounts.slice(1).join(' and ')} worker processes on the Redis queue against the embedded default, ${pdfs.length} corpus PDFs`;
  return { title, table, notes };
}

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
