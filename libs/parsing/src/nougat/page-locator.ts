/**
 * Finds which PDF page a piece of prose is on by word-trigram overlap. Both sides are normalised the same
 * way (NFKC folds ligatures such as "ﬁ", case and punctuation are dropped, line-end hyphens rejoined) since
 * Nougat's text and the PDF's text layer differ in exactly those details.
 */

const N = 3;
/** Below this share of the prose's trigrams found on the best page, the page is not trusted. */
const MIN_SHARE = 0.15;
const MIN_MATCHED = 2;
/** About the last eight words. */
const TAIL_GRAMS = 6;
const MIN_TAIL_MATCHED = 3;
/** Pages scoring within this fraction of the best count as a tie, broken by reading order. */
const TIE = 0.05;

export function normalizedWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(\p{L})-\s+(\p{L})/gu, '$1$2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

function trigrams(words: string[]): string[] {
  const grams: string[] = [];
  for (let i = 0; i + N <= words.length; i++) grams.push(words.slice(i, i + N).join(' '));
  return grams;
}

/** Trigram → the 1-based pages it occurs on. */
export class PageIndex {
  private readonly pagesByGram = new Map<string, number[]>();
  readonly pageCount: number;

  constructor(pageTexts: string[]) {
    this.pageCount = pageTexts.length;
    pageTexts.forEach((text, index) => {
      for (const gram of new Set(trigrams(normalizedWords(text)))) {
        const pages = this.pagesByGram.get(gram);
        if (pages) pages.push(index + 1);
        else this.pagesByGram.set(gram, [index + 1]);
      }
    });
  }

  pagesOf(gram: string): readonly number[] {
    return this.pagesByGram.get(gram) ?? [];
  }
}

/**
 * The page where `prose` ends: what follows the prose (an equation) is there. The last few trigrams decide
 * when they are found (a context often starts on the previous page, or in a figure caption elsewhere);
 * otherwise the whole prose votes. `after` is the page the previous item was found on: among near-ties the
 * first page at or after it wins, since items come in reading order.
 */
export function bestPageFor(index: PageIndex, prose: string, after = 1): number | undefined {
  const grams = trigrams(normalizedWords(prose));
  if (grams.length === 0) return undefined;
  const tail = grams.slice(-TAIL_GRAMS);
  return (
    vote(index, tail, Math.min(MIN_TAIL_MATCHED, tail.length), after) ??
    vote(index, grams, Math.min(MIN_MATCHED, grams.length), after, MIN_SHARE)
  );
}

function vote(index: PageIndex, grams: string[], minMatched: number, after: number, minShare = 0): number | undefined {
  const matchedByPage = new Map<number, number>();
  for (const gram of grams) for (const page of index.pagesOf(gram)) matchedByPage.set(page, (matchedByPage.get(page) ?? 0) + 1);
  let best = 0;
  for (const matched of matchedByPage.values()) best = Math.max(best, matched);
  if (best < minMatched || best < minShare * grams.length) return undefined;
  const contenders = [...matchedByPage.entries()]
    .filter(([, matched]) => matched >= best * (1 - TIE))
    .map(([page]) => page)
    .sort((a, b) => a - b);
  return contenders.find((page) => page >= after) ?? contenders[contenders.length - 1];
}
