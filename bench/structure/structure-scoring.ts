import { CJK_LETTERS, HAN_KANA } from '@lectern/common';
import { CJK_APPENDIX_NAMES, CJK_ORDINAL_UNITS, KOREAN_ORDINAL_UNITS } from '@lectern/parsing';

/**
 * Scoring for `npm run eval:structure`: pure functions, unit-tested in structure-scoring.spec.ts.
 * Counts are summed over documents (micro-averages) unless a function says otherwise.
 */

export interface Counts {
  matched: number;
  predicted: number;
  gold: number;
}

export interface HeadingCounts extends Counts {
  /** Matched headings whose level (relative to the shallowest level on each side) agrees. */
  levelCorrect: number;
}

export interface LevelledTitle {
  title: string;
  level: number;
}

export const emptyCounts = (): HeadingCounts => ({ matched: 0, predicted: 0, gold: 0, levelCorrect: 0 });

export function addCounts<T extends Counts>(into: T, more: T): T {
  for (const key of Object.keys(more) as Array<keyof T>) (into[key] as number) += more[key] as number;
  return into;
}

export function precisionRecallF1({ matched, predicted, gold }: Counts): { p: number; r: number; f1: number } {
  const p = predicted === 0 ? 0 : matched / predicted;
  const r = gold === 0 ? 0 : matched / gold;
  return { p, r, f1: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
}

const CJK_NUMERAL = '[\\d０-９一二三四五六七八九十百〇零IVXⅠ-Ⅻ]+';
const CJK_NUMBER = new RegExp(
  String.raw`^\s*(?:第\s*${CJK_NUMERAL}\s*[${CJK_ORDINAL_UNITS}]|제\s*\d+\s*[${KOREAN_ORDINAL_UNITS}]|[一二三四五六七八九十]+\s*[、．]|[（(][一二三四五六七八九十]+[）)]|(?:${CJK_APPENDIX_NAMES}|appendix)\s*(?:[A-Z]|\d+)[.．:：]?(?=\s*[${CJK_LETTERS}])|[A-H](?:\.\d+)*\.?\s+(?=[${CJK_LETTERS}]))\s*`,
  'iu',
);

const SPACE_BESIDE_HAN_KANA = new RegExp(String.raw`\s+(?=[${HAN_KANA}])|(?<=[${HAN_KANA}])\s+`, 'gu');

/** Titles already normalized: the matcher compares each title with many others. */
const normalized = new Map<string, string>();

/** Lowercase, accents and leading numbering removed, punctuation to spaces: "2.1. Data-Sets" → "data sets". */
export function normalizeHeading(title: string): string {
  const known = normalized.get(title);
  if (known !== undefined) return known;
  const out = title
    // CJK numbering labels a title as "Chapter 1" does: "第一章", "第 2 节", "一、", "（一）", "附录 A", Korean "제 1 장".
    .replace(CJK_NUMBER, '')
    // A bare appendix letter or part numeral labels a title as a number does ("A Proofs", "II Reference"): the parser
    // keeps it as the number, an outline in the title. Title-case "A Tour" loses its article too, on both sides alike.
    .replace(/^\s*([A-H]|[IVX]{1,4})(\.\d+)*\s+(?=\p{Lu})/u, '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^\s*((chapter|section|part|appendix)\s+)?(\d+(\.\d+)*\.?|[ivxlc]+\.|[a-h](\.\d+)*\.)\s+/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    // Han and kana take no word spaces: a space beside them is typesetting ("pLaTeX の場合" = "pLaTeXの場合", "目 录").
    .replace(SPACE_BESIDE_HAN_KANA, '')
    .trim();
  normalized.set(title, out);
  return out;
}

/** Word-level F1 of two strings after normalization (1 for equal titles, 0 for disjoint ones). */
export function tokenF1(predicted: string, gold: string): number {
  const a = normalizeHeading(predicted).split(' ').filter(Boolean);
  const b = normalizeHeading(gold).split(' ').filter(Boolean);
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 1 : 0;
  const pool = new Map<string, number>();
  for (const w of b) pool.set(w, (pool.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of a) {
    const n = pool.get(w) ?? 0;
    if (n > 0) {
      common++;
      pool.set(w, n - 1);
    }
  }
  if (common === 0) return 0;
  const p = common / a.length;
  const r = common / b.length;
  return (2 * p * r) / (p + r);
}

/** Two heading titles name the same heading: equal once normalized, or nearly (≥ 0.8 word F1, e.g. a footnote mark). */
export const sameHeading = (a: string, b: string): boolean => normalizeHeading(a) === normalizeHeading(b) || tokenF1(a, b) >= 0.8;

/** Levels counted from each list's shallowest level, so a book whose outline starts at "Part" still compares. */
function relativeLevels(items: LevelledTitle[]): number[] {
  const min = Math.min(...items.map((i) => i.level));
  return items.map((i) => i.level - min + 1);
}

/** Which predicted and which gold headings the one-to-one matching paired (for the `--misses` dump). */
export interface HeadingMatch extends HeadingCounts {
  predictedMatched: boolean[];
  goldMatched: boolean[];
}

/**
 * One-to-one matching of predicted to gold headings in reading order: each predicted heading takes the first
 * unmatched gold heading at or after the last match that names the same heading (so a repeated title such as
 * "Examples" pairs with its own occurrence). Empty titles count on neither side (and are never matched).
 */
export function matchHeadings(predicted: LevelledTitle[], gold: LevelledTitle[]): HeadingMatch {
  const predIdx = predicted.flatMap((h, i) => (normalizeHeading(h.title) ? [i] : []));
  const goldIdx = gold.flatMap((h, i) => (normalizeHeading(h.title) ? [i] : []));
  const pred = predIdx.map((i) => predicted[i]);
  const want = goldIdx.map((i) => gold[i]);
  const predLevels = relativeLevels(pred);
  const goldLevels = relativeLevels(want);
  const used = new Array<boolean>(want.length).fill(false);
  const predictedMatched = new Array<boolean>(predicted.length).fill(false);
  let matched = 0;
  let levelCorrect = 0;
  let from = 0;
  pred.forEach((h, i) => {
    let k = -1;
    for (let j = from; j < want.length; j++) {
      if (!used[j] && sameHeading(h.title, want[j].title)) {
        k = j;
        break;
      }
    }
    // Out of order (a heading the parser placed late or early): any unmatched occurrence still counts.
    if (k < 0) k = want.findIndex((g, j) => !used[j] && sameHeading(h.title, g.title));
    if (k < 0) return;
    used[k] = true;
    predictedMatched[predIdx[i]] = true;
    matched++;
    if (predLevels[i] === goldLevels[k]) levelCorrect++;
    from = k + 1;
  });
  const goldMatched = new Array<boolean>(gold.length).fill(false);
  used.forEach((u, k) => (goldMatched[goldIdx[k]] = u));
  return { matched, predicted: pred.length, gold: want.length, levelCorrect, predictedMatched, goldMatched };
}

export function scoreHeadings(predicted: LevelledTitle[], gold: LevelledTitle[]): HeadingCounts {
  const { matched, predicted: p, gold: g, levelCorrect } = matchHeadings(predicted, gold);
  return { matched, predicted: p, gold: g, levelCorrect };
}

/** Family name for matching authors: the last word, lowercase, without accents ("José M. García-Pérez" → "garcia perez"). */
export function surnameKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\s'-]+/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.replace(/[-']/g, '').length > 1 || w === '');
  return (words.filter(Boolean).pop() ?? '').replace(/[-']/g, ' ');
}

/** Authors matched one-to-one by family name. */
export function scoreAuthors(predicted: string[], gold: string[]): Counts {
  const pool = gold.map(surnameKey).filter(Boolean);
  const pred = predicted.map(surnameKey).filter(Boolean);
  let matched = 0;
  for (const key of pred) {
    const k = pool.indexOf(key);
    if (k >= 0) {
      pool.splice(k, 1);
      matched++;
    }
  }
  return { matched, predicted: pred.length, gold: gold.map(surnameKey).filter(Boolean).length };
}

/**
 * Tables per document: a detected table counts as correct up to the number of gold tables on the same page; gold
 * tables whose page is unknown (null) then take the detections left over, as a per-document count.
 */
export function scoreTables(predictedPages: number[], goldPages: Array<number | null>): Counts {
  const pool = new Map<number, number>();
  for (const p of goldPages) if (p !== null) pool.set(p, (pool.get(p) ?? 0) + 1);
  let matched = 0;
  let leftOver = 0;
  for (const p of predictedPages) {
    const n = pool.get(p) ?? 0;
    if (n > 0) {
      matched++;
      pool.set(p, n - 1);
    } else leftOver++;
  }
  const unplaced = goldPages.filter((p) => p === null).length;
  matched += Math.min(leftOver, unplaced);
  return { matched, predicted: predictedPages.length, gold: goldPages.length };
}
