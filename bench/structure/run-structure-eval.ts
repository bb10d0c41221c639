import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ABSTRACT_SECTION_NUMBER, PdfjsParser, readPdfOutline, REFERENCES_SECTION_NUMBER, type ParsedArticle } from '@lectern/parsing';
import { CORPUS_DIR, REPO_ROOT } from '../../test/support/paths';
import { markdownTable } from '../results-file';
import { isUsableGold, readBookmarkGold } from './bookmark-gold';
import { fetchDebianSet, readManifest } from './debian-set';
import { addFrontMatterScores, emptyFrontMatterScores, scoreFrontMatter, type FrontMatterScores } from './front-matter-scoring';
import { readFrontMatterHoldout } from './front-matter-set';
import { frontMatterNotes, frontRow, hasFrontGold } from './front-matter-table';
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
  /** Held-out gold: `--verbose` never prints its documents, so tuning cannot peek at them. */
  heldOut?: boolean;
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
  front: FrontMatterScores;
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
  const overall = combine(
    'overall (1 + 2 hidden + 3)',
    results.filter((r) => !r.set.includes('outline used')),
  );
  // Set 4 is held out: never tuned on, so it stays out of "overall" and is read on its own.
  if (wanted('4')) results.push(await runSet('4 held-out front matter', holdoutSet()));
  const main = results.filter((r) => !r.set.startsWith('4'));
  const table = markdownTable([...main, overall, ...results.filter((r) => r.set.startsWith('4'))].map(row));
  const frontTable = markdownTable([...main, overall, ...results.filter((r) => r.set.startsWith('4'))].filter(hasFrontGold).map(frontRow));
  const text = [
    `Machine: ${machine}. Run: ${new Date().toISOString().slice(0, 10)}.`,
    '',
    table,
    '',
    'Title F1: mean word F1 of the title per document with a gold title. Authors: matched by family name, micro P/R/F1.',
    'Headings: one-to-one match of normalized titles in reading order (≥ 0.8 word F1), micro P/R/F1; level accuracy',
    'is over matched headings, levels counted from each side’s shallowest level. Tables: a detected table counts up to',
    'the gold tables on its page (per document where the gold has no pages); `–` where no gold has tables.',
    ...frontMatterNotes(frontTable),
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

function holdoutSet(): EvalDoc[] {
  return readFrontMatterHoldout(path.join(REPO_ROOT, 'bench', 'structure', 'front-matter-holdout.json'), CORPUS_DIR).map((d) => ({
    ...d,
    ignoreOutline: false,
    dropReferences: true,
    heldOut: true,
  }));
}

/** `--verbose`: each tuning document's front matter beside its gold (held-out documents never). */
const VERBOSE = process.argv.includes('--verbose');

/** `--set 1,3`: only those sets (by their leading number), to iterate on one part; the table is then not written. */
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
    front: emptyFrontMatterScores(),
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
    const predicted = article ?? { title: '', authors: [], sections: [], doi: null, datePublished: null, journal: null, abstract: '' };
    scoreFrontMatter(result.front, { ...predicted, year: predicted.datePublished }, gold);
    if (VERBOSE && !doc.heldOut && (gold.title || gold.doi)) {
      const { title, authors, doi, datePublished, journal } = predicted;
      console.log(`  ${doc.name}: ${JSON.stringify({ title, authors, doi, datePublished, journal, keywords: article?.keywords })}`);
      console.log(
        `  ${' '.repeat(doc.name.length)}  gold ${JSON.stringify({ ...gold, headings: undefined, tables: undefined, abstract: undefined })}`,
      );
    }
    if (gold.title) result.titleScores.push(tokenF1(predicted.title, gold.title));
    if (gold.authors && gold.authors.length > 0) addCounts(result.authors, scoreAuthors(predicted.authors, gold.authors));
    if (gold.headings) {
      const sections = predicted.sections.filter(
        (s) => s.title && s.number !== ABSTRACT_SECTION_NUMBER && !(doc.dropReferences && s.number === REFERENCES_SECTION_NUMBER),
      );
      addCounts(result.headings, scoreHeadings(sections, gold.headings));
    }
    if (gold.tables && gold.tables.length > 0) {
      result.tableDocs++;
      const tablePages = predicted.sections.flatMap((s) => s.blocks.filter((b) => b.kind === 'table').map((b) => b.page));
      addCounts(result.tables, scoreTables(tablePages, gold.tables));
    }
  }
  console.log(`${set}: ${docs.length} documents, ${result.pages} pages in ${result.seconds.toFixed(1)} s`);
  return result;
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
      front: addFrontMatterScores(addFrontMatterScores(emptyFrontMatterScores(), all.front), r.front),
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
      front: emptyFrontMatterScores(),
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
