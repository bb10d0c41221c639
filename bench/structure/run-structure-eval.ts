import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  ABSTRACT_SECTION_NUMBER,
  PdfjsParser,
  readPageTexts,
  readPdfOutline,
  REFERENCES_SECTION_NUMBER,
  type ParsedArticle,
} from '@lectern/parsing';
import { CORPUS_DIR, REPO_ROOT } from '../../test/support/paths';
import { markdownTable } from '../results-file';
import { isUsableGold, readBookmarkGold } from './bookmark-gold';
import { fetchDebianSet, readManifest } from './debian-set';
import { jatsGold, teiGold, type StructureGold } from './structure-gold';
import {
  addCounts,
  emptyCounts,
  precisionRecallF1,
  scoreAuthors,
  scoreHeadings,
  scoreTables,
  tokenF1,
  type Counts,
  type HeadingCounts,
} from './structure-scoring';
import { locateCaptionPages, unstructuredTablePages } from './table-gold';

const RESULTS_FILE = path.join(REPO_ROOT, 'bench', 'RESULTS.md');
const BEGIN = '<!-- structure:begin — written by `npm run eval:structure`; edits between these markers are overwritten -->';
const END = '<!-- structure:end -->';
const HEADING = '## Structure evaluation (`npm run eval:structure`)';

interface EvalDoc {
  name: string;
  pdf: string;
  gold: StructureGold | (() => Promise<StructureGold>);
  /** Whether the parser may use the PDF's outline (false where the outline is the gold). */
  ignoreOutline: boolean;
  /** Sections the gold never lists: TEI heads exclude the reference list. */
  dropReferences: boolean;
}

interface SetResult {
  set: string;
  docs: number;
  failed: number;
  pages: number;
  seconds: number;
  titleScores: number[];
  authors: Counts;
  headings: HeadingCounts;
  tables: Counts;
  tableDocs: number;
}

/**
 * `npm run eval:structure`: parses each set with the embedded parser and scores title, authors, headings (and
 * their levels) and tables against the set's gold; prints the table and writes it to bench/RESULTS.md.
 * Sets: (1) shared-corpus papers with GROBID TEI; (2) Debian documentation PDFs and shared-corpus PDFs whose
 * outline is the gold (hidden from the parser; also run once with the outline used); (3) CERMINE's samples.
 */
async function main(): Promise<void> {
  const machine = `${os.cpus()[0]?.model.trim() ?? 'cpu'} × ${os.cpus().length}, node ${process.version}`;
  console.log(`Lectern structure evaluation — ${machine}`);
  const results: SetResult[] = [];
  if (wanted('1')) results.push(await runSet('1 corpus + GROBID TEI', teiSet()));
  if (wanted('2')) {
    const bookmarkDocs = await bookmarkSet();
    results.push(await runSet('2 bookmarks, outline hidden', bookmarkDocs));
    results.push(
      await runSet(
        '2 bookmarks, outline used',
        bookmarkDocs.map((d) => ({ ...d, ignoreOutline: false })),
      ),
    );
  }
  if (wanted('3')) results.push(await runSet('3 CERMINE samples', cermineSet()));
  if (wanted('4')) results.push(await runSet('4 Unstructured tables', unstructuredSet()));
  const overall = combine(
    'overall (1 + 2 hidden + 3 + 4)',
    results.filter((r) => !r.set.includes('outline used')),
  );
  const table = markdownTable([...results, overall].map(row));
  const text = [
    `Machine: ${machine}. Run: ${new Date().toISOString().slice(0, 10)}.`,
    '',
    table,
    '',
    'Title F1: mean word F1 of the title per document with a gold title. Authors: matched by family name, micro P/R/F1.',
    'Headings: one-to-one match of normalized titles in reading order (≥ 0.8 word F1), micro P/R/F1; level accuracy',
    'is over matched headings, levels counted from each side’s shallowest level. Tables: a detected table counts up to',
    'the gold tables on its page (TEI tables without coordinates are placed by their caption in the page text; the',
    'rest count per document); only documents whose gold lists tables are scored; `–`: no table gold.',
  ].join('\n');
  console.log(`\n${text}`);
  if (Number.isFinite(LIMIT) || SETS) console.log('(--limit/--set: bench/RESULTS.md left as it was)');
  else writeSection(text);
}

function teiSet(): EvalDoc[] {
  const grobid = path.join(CORPUS_DIR, 'grobid');
  return readdirSync(grobid)
    .filter((f) => f.endsWith('.tei.xml'))
    .map((f) => f.replace(/\.tei\.xml$/, ''))
    .filter((name) => existsSync(path.join(CORPUS_DIR, 'pdf', `${name}.pdf`)))
    .sort()
    .map((name) => ({
      name,
      pdf: path.join(CORPUS_DIR, 'pdf', `${name}.pdf`),
      gold: teiGold(path.join(grobid, `${name}.tei.xml`)),
      ignoreOutline: false,
      dropReferences: true,
    }));
}

async function bookmarkSet(): Promise<EvalDoc[]> {
  const debian = fetchDebianSet(readManifest(), (line) => console.log(line));
  const docs: EvalDoc[] = debian.map((d) => ({
    name: `${d.package}:${d.file}`,
    pdf: d.path,
    gold: () => outlineGold(d.path),
    ignoreOutline: true,
    dropReferences: false,
  }));
  // Shared-corpus PDFs whose outline passes the same check as the manifest's.
  const pdfDir = path.join(CORPUS_DIR, 'pdf');
  const corpusPdfs = [
    ...readdirSync(pdfDir).filter((f) => f.endsWith('.pdf')),
    ...readdirSync(path.join(pdfDir, 'extra')).map((f) => `extra/${f}`),
  ];
  let fromCorpus = 0;
  for (const file of corpusPdfs.sort()) {
    const gold = await readBookmarkGold(readFileSync(path.join(pdfDir, file)));
    if (!isUsableGold(gold)) continue;
    fromCorpus++;
    docs.push({
      name: file,
      pdf: path.join(pdfDir, file),
      gold: () => outlineGold(path.join(pdfDir, file)),
      ignoreOutline: true,
      dropReferences: false,
    });
  }
  console.log(`bookmark set: ${debian.length} Debian PDFs, ${fromCorpus} shared-corpus PDFs`);
  return docs;
}

/** The outline alone (the manifest and the corpus scan already checked its titles against the pages). */
async function outlineGold(file: string): Promise<StructureGold> {
  const { bookmarks } = await readPdfOutline(readFileSync(file));
  return { headings: bookmarks.filter((b) => b.page !== null && b.title.trim()).map((b) => ({ title: b.title, level: b.level })) };
}

function cermineSet(): EvalDoc[] {
  const dir = path.join(CORPUS_DIR, 'cermine');
  return readdirSync(dir)
    .filter((f) => /-(metadata|content)\.xml$/.test(f))
    .sort()
    .map((f) => {
      const name = f.replace(/-(metadata|content)\.xml$/, '');
      return { name, pdf: path.join(dir, `${name}.pdf`), gold: jatsGold(path.join(dir, f)), ignoreOutline: false, dropReferences: true };
    });
}

/**
 * Unstructured's `Table` elements (hi_res with table inference) for the shared-corpus PDFs they were made from;
 * `firstPage` maps a one-page excerpt to the page of the full paper the JSON numbers. Tables only.
 */
function unstructuredSet(): EvalDoc[] {
  const json = (name: string) => path.join(CORPUS_DIR, 'unstructured', name);
  const pairs = [
    { pdf: 'dib-2019-sanni-p454.pdf', json: json('dib-2019-sanni-p454.json'), firstPage: 1, pages: 1 },
    { pdf: 'layout-parser-paper-fast.pdf', json: json('layout-parser-paper-fast.json'), firstPage: 1, pages: 2 },
    { pdf: 'extra/layout-parser-paper-p5-table.pdf', json: json('layout-parser-paper.json'), firstPage: 5, pages: 1 },
  ];
  return pairs.map((p) => ({
    name: p.pdf,
    pdf: path.join(CORPUS_DIR, 'pdf', p.pdf),
    gold: { tables: unstructuredTablePages(p.json, p.firstPage, p.pages) },
    ignoreOutline: false,
    dropReferences: true,
  }));
}

/** `--set 1,4`: only the sets whose number is listed (the table is then not written). */
const SETS = (() => {
  const at = process.argv.indexOf('--set');
  return at >= 0 ? new Set(process.argv[at + 1].split(',')) : null;
})();
const wanted = (set: string) => !SETS || SETS.has(set);

/** `--limit N`: only the first N documents of each set, to try the script out (the table is then not written). */
const LIMIT = (() => {
  const at = process.argv.indexOf('--limit');
  return at >= 0 ? Number(process.argv[at + 1]) : Infinity;
})();

async function runSet(set: string, all: EvalDoc[]): Promise<SetResult> {
  const docs = all.slice(0, LIMIT);
  const parser = new PdfjsParser();
  const result: SetResult = {
    set,
    docs: docs.length,
    failed: 0,
    pages: 0,
    seconds: 0,
    titleScores: [],
    authors: { matched: 0, predicted: 0, gold: 0 },
    headings: emptyCounts(),
    tables: { matched: 0, predicted: 0, gold: 0 },
    tableDocs: 0,
  };
  for (const doc of docs) {
    const gold = typeof doc.gold === 'function' ? await doc.gold() : doc.gold;
    const data = readFileSync(doc.pdf);
    const started = process.hrtime.bigint();
    let article: ParsedArticle | null = null;
    try {
      article = await parser.parse(data, { ignoreOutline: doc.ignoreOutline });
    } catch (error) {
      result.failed++;
      console.log(`  ${doc.name}: ${(error as Error).message}`);
    }
    result.seconds += Number(process.hrtime.bigint() - started) / 1e9;
    result.pages += article?.pageCount ?? 0;
    const predicted = article ?? { title: '', authors: [], sections: [] };
    if (gold.title) result.titleScores.push(tokenF1(predicted.title, gold.title));
    if (gold.authors && gold.authors.length > 0) addCounts(result.authors, scoreAuthors(predicted.authors, gold.authors));
    if (gold.headings) {
      const sections = predicted.sections.filter(
        (s) => s.title && s.number !== ABSTRACT_SECTION_NUMBER && !(doc.dropReferences && s.number === REFERENCES_SECTION_NUMBER),
      );
      addCounts(result.headings, scoreHeadings(sections, gold.headings));
    }
    // GROBID misses tables (acl-N18-3011 has four, its TEI none): only documents with gold tables are scored.
    if (gold.tables && gold.tables.length > 0) {
      result.tableDocs++;
      const tablePages = predicted.sections.flatMap((s) => s.blocks.filter((b) => b.kind === 'table').map((b) => b.page));
      addCounts(result.tables, scoreTables(tablePages, await placeGoldTables(gold, data)));
    }
  }
  console.log(`${set}: ${docs.length} documents, ${result.pages} pages in ${result.seconds.toFixed(1)} s`);
  return result;
}

/** Gold tables with their pages, those without one looked up by caption in the PDF's text. */
async function placeGoldTables(gold: StructureGold, data: Buffer): Promise<Array<number | null>> {
  const tables = gold.tables ?? [];
  if (!gold.tableCaptions || tables.every((p) => p !== null)) return tables;
  const located = locateCaptionPages(gold.tableCaptions, await readPageTexts(new Uint8Array(data)));
  return tables.map((p, i) => p ?? located[i]);
}

function combine(set: string, results: SetResult[]): SetResult {
  return results.reduce<SetResult>(
    (all, r) => ({
      set,
      docs: all.docs + r.docs,
      failed: all.failed + r.failed,
      pages: all.pages + r.pages,
      seconds: all.seconds + r.seconds,
      titleScores: [...all.titleScores, ...r.titleScores],
      authors: addCounts({ ...all.authors }, r.authors),
      headings: addCounts({ ...all.headings }, r.headings),
      tables: addCounts({ ...all.tables }, r.tables),
      tableDocs: all.tableDocs + r.tableDocs,
    }),
    {
      set,
      docs: 0,
      failed: 0,
      pages: 0,
      seconds: 0,
      titleScores: [],
      authors: { matched: 0, predicted: 0, gold: 0 },
      headings: emptyCounts(),
      tables: { matched: 0, predicted: 0, gold: 0 },
      tableDocs: 0,
    },
  );
}

const f = (x: number) => x.toFixed(3);

function row(r: SetResult): Record<string, string | number> {
  const authors = precisionRecallF1(r.authors);
  const headings = precisionRecallF1(r.headings);
  const tables = precisionRecallF1(r.tables);
  return {
    set: r.set,
    docs: r.docs,
    failed: r.failed,
    pages: r.pages,
    'pages/s': (r.pages / Math.max(r.seconds, 1e-9)).toFixed(1),
    'title F1': r.titleScores.length ? f(r.titleScores.reduce((a, b) => a + b, 0) / r.titleScores.length) : '–',
    'author P / R / F1': r.authors.gold ? `${f(authors.p)} / ${f(authors.r)} / ${f(authors.f1)}` : '–',
    'heading P / R / F1': r.headings.gold ? `${f(headings.p)} / ${f(headings.r)} / ${f(headings.f1)}` : '–',
    'level acc.': r.headings.matched ? f(r.headings.levelCorrect / r.headings.matched) : '–',
    'table P / R': r.tableDocs ? `${f(tables.p)} / ${f(tables.r)}` : '–',
  };
}

function writeSection(body: string): void {
  const current = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '# Benchmark results\n';
  const block = `${BEGIN}\n\n${body.trim()}\n\n${END}`;
  const start = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + END.length)}`
      : `${current.trimEnd()}\n\n${HEADING}\n\n${block}\n`;
  writeFileSync(RESULTS_FILE, next);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
