import type { FrontMatterScores } from './front-matter-scoring';
import { precisionRecallF1, type Counts } from './structure-scoring';

/** What the front-matter table needs of one set's result. */
export interface FrontRowInput {
  set: string;
  titleScores: number[];
  authors: Counts;
  front: FrontMatterScores;
}

const f = (x: number) => x.toFixed(3);

export const hasFrontGold = (r: FrontRowInput) =>
  r.titleScores.length > 0 || r.front.doi.docs + r.front.year.docs + r.front.abstract.docs > 0;

export function frontRow(r: FrontRowInput): Record<string, string | number> {
  const mean = ({ docs, sum }: { docs: number; sum: number }) => (docs ? `${f(sum / docs)} (${docs})` : '–');
  const authors = precisionRecallF1(r.authors);
  const keywords = precisionRecallF1(r.front.keywords);
  return {
    set: r.set,
    'title F1': r.titleScores.length
      ? `${f(r.titleScores.reduce((a, b) => a + b, 0) / r.titleScores.length)} (${r.titleScores.length})`
      : '–',
    'author F1': r.authors.gold ? f(authors.f1) : '–',
    DOI: mean(r.front.doi),
    year: mean(r.front.year),
    journal: mean(r.front.journal),
    'keywords P / R / F1': r.front.keywords.gold ? `${f(keywords.p)} / ${f(keywords.r)} / ${f(keywords.f1)}` : '–',
    abstract: mean(r.front.abstract),
  };
}

/** The front-matter table with its legend, for bench/RESULTS.md. */
export function frontMatterNotes(frontTable: string): string[] {
  return [
    'Set 5 (held out, never tuned on): corpus PDFs without TEI/JATS, front matter transcribed by hand',
    '(`bench/structure/front-matter-holdout.json`).',
    '',
    'Front matter, where the gold has the field (documents scored in brackets):',
    '',
    frontTable,
    '',
    'DOI and year: share exactly right. Journal and abstract: mean word F1. Keywords: micro P/R/F1 of normalized',
    'keywords. Gold: GROBID TEI header (set 1), CERMINE JATS (set 3; journal only from the curated `*-metadata.xml`),',
    'hand transcription (set 5). The parser never reads the PDF’s Info/XMP metadata, so none of it leaks into a score.',
  ];
}
