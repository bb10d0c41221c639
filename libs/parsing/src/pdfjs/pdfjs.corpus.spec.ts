import * as fs from 'fs';
import * as path from 'path';
import { REFERENCES_SECTION_NUMBER, ABSTRACT_SECTION_NUMBER, type ParsedArticle } from '../article';
import { readTeiOutline, type TeiOutline } from '../tei/tei-outline.reader';
import { PdfjsParser } from './pdfjs.parser';

const CORPUS_DIR = path.resolve(__dirname, '../../../..', '../shared/corpus');
const PDF_DIR = path.join(CORPUS_DIR, 'pdf');
const GROBID_DIR = path.join(CORPUS_DIR, 'grobid');

/** Every paper that has both a PDF and a GROBID TEI: GROBID's outline is the reference. */
const TEI_PAPERS = fs
  .readdirSync(GROBID_DIR)
  .filter((f) => f.endsWith('.tei.xml'))
  .map((f) => f.replace(/\.tei\.xml$/, ''))
  .filter((name) => fs.existsSync(path.join(PDF_DIR, `${name}.pdf`)))
  .sort();

/** Papers whose GROBID title is not the paper's title; there ours must still be part of it. */
const UNCLEAN_GROBID_TITLES: Record<string, string> = {
  'mpra-8468-mora-alfaro-es': 'GROBID prefixes the MPRA cover-page logo ("M P RA Munich Personal RePEc Archive")',
};

const OTHER_PDFS = [
  ...fs.readdirSync(PDF_DIR).filter((f) => f.endsWith('.pdf') && !TEI_PAPERS.includes(f.replace(/\.pdf$/, ''))),
  ...fs.readdirSync(path.join(PDF_DIR, 'extra')).map((f) => `extra/${f}`),
].sort();

/** Lowercase, accents and leading numbering removed, punctuation to spaces: "2.1. Data-Sets" → "data sets". */
export function normalizeTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^\s*(\d+(\.\d+)*\.?|[ivx]+\.|[a-h](\.\d+)*\.)\s+/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Score {
  paper: string;
  matched: number;
  predicted: number;
  gold: number;
}

/** One-to-one matching of normalized titles (each gold head can be matched once). */
function scoreOutline(paper: string, article: ParsedArticle, tei: TeiOutline): Score {
  const gold = tei.heads.map((h) => normalizeTitle(h.title)).filter(Boolean);
  const predicted = article.sections
    .filter((s) => s.number !== ABSTRACT_SECTION_NUMBER && s.number !== REFERENCES_SECTION_NUMBER)
    .map((s) => normalizeTitle(s.title))
    .filter(Boolean);
  const pool = [...gold];
  let matched = 0;
  for (const title of predicted) {
    const k = pool.indexOf(title);
    if (k >= 0) {
      pool.splice(k, 1);
      matched++;
    }
  }
  return { paper, matched, predicted: predicted.length, gold: gold.length };
}

const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));
const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

describe(`${PdfjsParser.name} on the corpus`, () => {
  const parser = new PdfjsParser();
  const articles = new Map<string, ParsedArticle>();
  const teis = new Map<string, TeiOutline>();

  beforeAll(async () => {
    for (const paper of TEI_PAPERS) {
      teis.set(paper, readTeiOutline(fs.readFileSync(path.join(GROBID_DIR, `${paper}.tei.xml`), 'utf8')));
      articles.set(paper, await parser.parse(fs.readFileSync(path.join(PDF_DIR, `${paper}.pdf`))));
    }
  }, 120_000);

  it('covers the seven papers that have a GROBID TEI', () => {
    expect(TEI_PAPERS).toHaveLength(7);
  });

  it('finds the section titles GROBID finds, micro-averaged F1 ≥ 0.75', () => {
    const scores = TEI_PAPERS.map((paper) => scoreOutline(paper, articles.get(paper)!, teis.get(paper)!));
    const rows = scores.map((s) => {
      const p = ratio(s.matched, s.predicted);
      const r = ratio(s.matched, s.gold);
      return `${s.paper.padEnd(28)} ${String(s.matched).padStart(3)} ${String(s.predicted).padStart(5)} ${String(s.gold).padStart(5)}   ${p.toFixed(2)}  ${r.toFixed(2)}  ${f1(p, r).toFixed(2)}`;
    });
    const total = scores.reduce(
      (t, s) => ({ matched: t.matched + s.matched, predicted: t.predicted + s.predicted, gold: t.gold + s.gold }),
      { matched: 0, predicted: 0, gold: 0 },
    );
    const precision = ratio(total.matched, total.predicted);
    const recall = ratio(total.matched, total.gold);
    const microF1 = f1(precision, recall);
    console.log(
      [
        'Section titles vs GROBID <head> (normalized, one-to-one)',
        `${'paper'.padEnd(28)} hit  pred  gold      P     R    F1`,
        ...rows,
        `${'micro'.padEnd(28)} ${String(total.matched).padStart(3)} ${String(total.predicted).padStart(5)} ${String(total.gold).padStart(5)}   ${precision.toFixed(2)}  ${recall.toFixed(2)}  ${microF1.toFixed(2)}`,
      ].join('\n'),
    );
    expect(microF1).toBeGreaterThanOrEqual(0.75);
  });

  it('puts every block on a page of the document', () => {
    for (const article of articles.values()) {
      for (const block of article.sections.flatMap((s) => s.blocks)) {
        expect(block.page).toBeGreaterThanOrEqual(1);
        expect(block.page).toBeLessThanOrEqual(article.pageCount);
      }
    }
  });

  it('splits the references into entries wherever GROBID found a bibliography', () => {
    const tooFew = TEI_PAPERS.filter((p) => teis.get(p)!.hasReferences)
      .map((paper) => ({
        paper,
        entries: articles.get(paper)!.sections.find((s) => s.number === REFERENCES_SECTION_NUMBER)?.blocks.length ?? 0,
      }))
      .filter((r) => r.entries < 5);
    expect(tooFew).toEqual([]);
  });

  it('reads the title GROBID reads, and a part of it where GROBID’s is polluted', () => {
    for (const paper of TEI_PAPERS) {
      const ours = normalizeTitle(articles.get(paper)!.title);
      const theirs = normalizeTitle(teis.get(paper)!.title);
      expect(ours.length).toBeGreaterThan(10);
      if (paper in UNCLEAN_GROBID_TITLES) expect(theirs).toContain(ours);
      else expect({ paper, title: ours }).toEqual({ paper, title: theirs });
    }
  });

  it('starts with the abstract wherever GROBID found one', () => {
    for (const paper of TEI_PAPERS.filter((p) => p !== 'mpra-8468-mora-alfaro-es')) {
      const article = articles.get(paper)!;
      expect({ paper, first: article.sections[0]?.number }).toEqual({ paper, first: ABSTRACT_SECTION_NUMBER });
      expect(article.abstract.length).toBeGreaterThan(300);
    }
  });

  it("makes a structured abstract's parts (Background, Methods…) sub-sections of the abstract with their text, never empty sections", () => {
    for (const paper of TEI_PAPERS) {
      const sections = articles.get(paper)!.sections;
      const at = sections.findIndex((s) => s.number === ABSTRACT_SECTION_NUMBER);
      const next = sections[at + 1];
      if (at < 0 || !next) continue;
      const leaf = !(sections[at + 2] && sections[at + 2].level > next.level);
      expect({ paper, emptyLeafAfterAbstract: next.blocks.length === 0 && leaf }).toEqual({ paper, emptyLeafAfterAbstract: false });
    }
    // jner's outline lists its abstract's four parts under "Abstract": they are its level-2 sub-sections, each with
    // its own text, and the body's "Background" is the first level-1 section after them.
    const jner = articles.get('jner-2016-demarchis')!.sections;
    expect(jner.slice(0, 5).map((s) => `${s.number} ${s.level} ${s.title}`)).toEqual([
      '0 1 Abstract',
      '0.1 2 Background',
      '0.2 2 Methods',
      '0.3 2 Results',
      '0.4 2 Conclusions',
    ]);
    expect(jner.slice(1, 5).every((s) => s.blocks.length > 0)).toBe(true);
    expect(jner[5]).toMatchObject({ title: 'Background', level: 1 });
    expect(jner[5].blocks[0].text).toMatch(/^Functional Electrical Stimulation \(FES\) is a widely used/);
  });

  describe('every other corpus PDF', () => {
    let pages = 0;
    let seconds = 0;

    afterAll(() => {
      if (seconds > 0) console.log(`parsed ${pages} pages of the other corpus PDFs at ${(pages / seconds).toFixed(1)} pages/s`);
    });

    it.each(OTHER_PDFS)('parses %s with a page on every block', async (file) => {
      const start = process.hrtime.bigint();
      const article = await parser.parse(fs.readFileSync(path.join(PDF_DIR, file)));
      seconds += Number(process.hrtime.bigint() - start) / 1e9;
      pages += article.pageCount;
      expect(article.pageCount).toBeGreaterThan(0);
      expect(article.sections.length).toBeGreaterThan(0);
      for (const block of article.sections.flatMap((s) => s.blocks)) {
        expect(block.text.length).toBeGreaterThan(0);
        expect(block.page).toBeGreaterThanOrEqual(1);
        expect(block.page).toBeLessThanOrEqual(article.pageCount);
      }
    });

    it('reads the 99-page book into its chapters and sections', async () => {
      const book = await parser.parse(fs.readFileSync(path.join(PDF_DIR, 'thinkos-0.7.4.pdf')));
      expect(book.pageCount).toBe(99);
      expect(book.title).toBe('Think OS');
      const outline = book.sections.map((s) => `${s.number} ${s.title}`);
      expect(outline).toEqual(expect.arrayContaining(['1 Compilation', '1.1 Compiled and interpreted languages', '11 Semaphores in C']));
    });
  });
});
