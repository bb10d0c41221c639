import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BibReference } from '@lectern/common';
import { parseTei, PdfjsParser } from '@lectern/parsing';
import { CORPUS_DIR } from '../../test/support/paths';
import { precisionRecallF1 } from './structure-scoring';

/**
 * Reference extraction of the embedded parser against GROBID's `biblStruct` on the shared corpus papers:
 * entries found, titles matched (F1), and for matched entries the year, first author's surname and DOI.
 * Usage: node dist/bench/structure/reference-eval.js [corpus dir]
 */
const corpus = path.resolve(process.argv[2] ?? CORPUS_DIR);

const norm = (s: string | null) =>
  (s ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const tokens = (s: string | null) =>
  new Set(
    norm(s)
      .split(' ')
      .filter((w) => w.length > 1),
  );

/** Titles agree when their words overlap by at least 0.7 (Dice): hyphenation and punctuation differ by parser. */
function titleSimilarity(a: string | null, b: string | null): number {
  const [x, y] = [tokens(a), tokens(b)];
  if (!x.size || !y.size) return 0;
  const shared = [...x].filter((w) => y.has(w)).length;
  return (2 * shared) / (x.size + y.size);
}

const surname = (name: string | undefined) => {
  const n = norm(name ?? '');
  if (!n) return '';
  // "Beck, T." → beck; "Tom Beck" → beck.
  return (name ?? '').includes(',')
    ? n.split(' ')[0]
    : (n
        .split(' ')
        .filter((w) => w.length > 1)
        .pop() ?? '');
};

interface Tally {
  gold: number;
  found: number;
  matched: number;
  year: number;
  author: number;
  doiGold: number;
  doi: number;
}

function score(gold: BibReference[], found: BibReference[], t: Tally): void {
  t.gold += gold.length;
  t.found += found.length;
  const used = new Set<number>();
  for (const g of gold) {
    let best = -1;
    let bestSim = 0.7;
    found.forEach((f, i) => {
      const sim = used.has(i) ? 0 : titleSimilarity(g.title, f.title);
      if (sim >= bestSim) [best, bestSim] = [i, sim];
    });
    if (best < 0) continue;
    used.add(best);
    const f = found[best];
    t.matched++;
    if (g.year !== null && g.year === f.year) t.year++;
    if (surname(g.authors[0]) && f.authors.some((a) => norm(a).includes(surname(g.authors[0])))) t.author++;
    if (g.doi) {
      t.doiGold++;
      if (f.doi?.toLowerCase() === g.doi.toLowerCase()) t.doi++;
    }
  }
}

const strip = (xml: string) =>
  xml
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** CERMINE's expected `<ref>` list (JATS): article title (else source), year and first surname of each entry. */
function jatsReferences(xml: string): BibReference[] {
  return [...xml.matchAll(/<ref\b[^>]*>([\s\S]*?)<\/ref>/g)].map(([, ref], position) => ({
    position,
    label: null,
    raw: strip(ref),
    authors: [/<surname>([\s\S]*?)<\/surname>/.exec(ref)?.[1].trim() ?? ''].filter(Boolean),
    title:
      strip(/<article-title>([\s\S]*?)<\/article-title>/.exec(ref)?.[1] ?? /<source>([\s\S]*?)<\/source>/.exec(ref)?.[1] ?? '') || null,
    year: Number(/<year>\s*(\d{4})/.exec(ref)?.[1]) || null,
    venue: null,
    doi: null,
  }));
}

/** Pairs of (name, PDF, gold): set 1 (GROBID TEI, tuned on) or the CERMINE samples (held out). */
function documents(set: 'grobid' | 'cermine'): Array<{ name: string; pdf: string; gold: () => BibReference[] }> {
  if (set === 'cermine') {
    const dir = path.join(corpus, 'cermine');
    return readdirSync(dir)
      .filter((f) => f.endsWith('-content.xml'))
      .map((f) => ({
        name: f,
        pdf: path.join(dir, f.replace(/-content\.xml$/, '.pdf')),
        gold: () => jatsReferences(readFileSync(path.join(dir, f), 'utf8')),
      }));
  }
  return readdirSync(path.join(corpus, 'grobid'))
    .filter((f) => f.endsWith('.tei.xml'))
    .map((f) => {
      const name = f.replace(/\.tei\.xml$/, '');
      const gold = () => parseTei(readFileSync(path.join(corpus, 'grobid', f), 'utf8')).references ?? [];
      return { name, pdf: path.join(corpus, 'pdf', `${name}.pdf`), gold };
    });
}

async function main(): Promise<void> {
  const parser = new PdfjsParser();
  for (const set of ['grobid', 'cermine'] as const) {
    console.log(set === 'grobid' ? '# set 1: GROBID TEI biblStruct (tuned on)' : '# CERMINE expected <ref> lists (held out)');
    await scoreSet(parser, set);
  }
}

async function scoreSet(parser: PdfjsParser, set: 'grobid' | 'cermine'): Promise<void> {
  const total: Tally = { gold: 0, found: 0, matched: 0, year: 0, author: 0, doiGold: 0, doi: 0 };
  for (const doc of documents(set)) {
    if (!existsSync(doc.pdf)) continue;
    const gold = doc.gold();
    if (!gold.length) continue;
    const found = (await parser.parse(new Uint8Array(readFileSync(doc.pdf)))).references ?? [];
    const t: Tally = { gold: 0, found: 0, matched: 0, year: 0, author: 0, doiGold: 0, doi: 0 };
    score(gold, found, t);
    for (const k of Object.keys(total) as Array<keyof Tally>) total[k] += t[k];
    console.log(`${doc.name.padEnd(36)} gold ${t.gold} found ${t.found} title-matched ${t.matched} year ${t.year} author ${t.author}`);
  }
  const { p, r, f1 } = precisionRecallF1({ matched: total.matched, predicted: total.found, gold: total.gold });
  console.log(
    `overall: gold ${total.gold} found ${total.found} title P ${p.toFixed(3)} R ${r.toFixed(3)} F1 ${f1.toFixed(3)}` +
      ` | of matched: year ${(total.year / Math.max(1, total.matched)).toFixed(3)} first-author ${(total.author / Math.max(1, total.matched)).toFixed(3)}` +
      ` doi ${total.doi}/${total.doiGold}`,
  );
}

void main();
