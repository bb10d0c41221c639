/**
 * Scoring of the front-matter fields beyond title and authors for `npm run eval:structure`: pure functions,
 * unit-tested in front-matter-scoring.spec.ts. A field is scored only on documents whose gold has it.
 */
import { addCounts, tokenF1, type Counts } from './structure-scoring';

/** Per field: the documents scored and the sum of their scores (1/0 for DOI and year, word F1 otherwise). */
export interface FieldScore {
  docs: number;
  sum: number;
}

export interface FrontMatterScores {
  doi: FieldScore;
  year: FieldScore;
  journal: FieldScore;
  abstract: FieldScore;
  keywords: Counts;
}

export interface FrontMatterFields {
  doi?: string | null;
  year?: string | null;
  journal?: string | null;
  abstract?: string | null;
  keywords?: string[];
}

export const emptyFrontMatterScores = (): FrontMatterScores => ({
  doi: { docs: 0, sum: 0 },
  year: { docs: 0, sum: 0 },
  journal: { docs: 0, sum: 0 },
  abstract: { docs: 0, sum: 0 },
  keywords: { matched: 0, predicted: 0, gold: 0 },
});

/** "https://doi.org/10.1186/ABC." → "10.1186/abc": DOIs compare case-insensitively, without resolver or trailing dot. */
export function normalizeDoi(doi: string): string {
  return doi
    .trim()
    .toLowerCase()
    .replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/, '')
    .replace(/[.,;]+$/, '');
}

const normalizeKeyword = (k: string) =>
  k
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Adds one document's fields to the totals; fields the gold lacks are skipped. */
export function scoreFrontMatter(into: FrontMatterScores, predicted: FrontMatterFields, gold: FrontMatterFields): FrontMatterScores {
  if (gold.doi) add(into.doi, predicted.doi ? Number(normalizeDoi(predicted.doi) === normalizeDoi(gold.doi)) : 0);
  if (gold.year) add(into.year, Number((predicted.year ?? '').slice(0, 4) === gold.year.slice(0, 4)));
  if (gold.journal) add(into.journal, tokenF1(predicted.journal ?? '', gold.journal));
  if (gold.abstract) add(into.abstract, tokenF1(predicted.abstract ?? '', gold.abstract));
  if (gold.keywords?.length) {
    const pool = gold.keywords.map(normalizeKeyword);
    const mine = (predicted.keywords ?? []).map(normalizeKeyword).filter(Boolean);
    into.keywords.gold += pool.length;
    into.keywords.predicted += mine.length;
    for (const k of mine) {
      const at = pool.indexOf(k);
      if (at >= 0) {
        pool.splice(at, 1);
        into.keywords.matched++;
      }
    }
  }
  return into;
}

function add(field: FieldScore, score: number): void {
  field.docs++;
  field.sum += score;
}

export function addFrontMatterScores(into: FrontMatterScores, more: FrontMatterScores): FrontMatterScores {
  for (const key of ['doi', 'year', 'journal', 'abstract'] as const) {
    into[key].docs += more[key].docs;
    into[key].sum += more[key].sum;
  }
  addCounts(into.keywords, more.keywords);
  return into;
}
