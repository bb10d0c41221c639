/**
 * Finds a cited passage among a page's text items (the strings PDF.js puts in its text layer), so the
 * viewer can mark it when the parser gave no bounding box. Pure: strings in, item indices out.
 *
 * The passage and the page are both reduced to word tokens (lower case, no accents or ligatures, words
 * split by a line-end hyphen joined again), then:
 *  1. the longest contiguous run shared by the page and the passage's first ~30 words anchors the match;
 *  2. the anchor is extended both ways along the rest of the passage, tolerating the small differences
 *     parsers introduce (dropped citation markers, footnote numbers, a changed word);
 *  3. without a good anchor, the items whose content words mostly occur in the passage are taken,
 *     keeping only their densest cluster.
 */

export interface PassageMatch {
  /** Indices into the items given, ascending. Empty when nothing matched well enough. */
  items: number[];
  method: 'run' | 'items' | 'none';
  /** Passage words found in order on the page (run) or the best items' overlap ratio (items). */
  matchedWords: number;
}

interface PageToken {
  word: string;
  /** Every item the word's characters came from (two when a hyphen split it across lines). */
  items: number[];
}

const ANCHOR_WORDS = 30;
const MIN_RUN = 4;
const MAX_SKIP = 3;
const MAX_MISSES = 6;

/** Lower case, accents and ligatures folded (NFKD turns "ﬁ" into "fi" and "é" into "e" + accent). */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Words of a running text, with "exam- ple" (a line-end hyphen) joined back to "example". */
export function passageWords(text: string): string[] {
  const joined = normalizeText(text).replace(/(\p{L})[-\u00ad\u2010]\s+(\p{L})/gu, '$1$2');
  return joined.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Tokens of the page in reading order, each remembering which items it came from. */
export function pageTokens(items: readonly string[]): PageToken[] {
  const tokens: PageToken[] = [];
  let carry: PageToken | null = null;
  items.forEach((raw, index) => {
    const text = normalizeText(raw);
    const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length === 0) return;
    words.forEach((word, i) => {
      if (i === 0 && carry) {
        tokens.push({ word: carry.word + word, items: [...carry.items, index] });
        carry = null;
        return;
      }
      tokens.push({ word, items: [index] });
    });
    // A word cut by a hyphen at the line's end continues in the next item: hold it back to join.
    if (/\p{L}[-\u00ad\u2010]\s*$/u.test(text)) carry = tokens.pop() ?? null;
  });
  if (carry) tokens.push(carry);
  return tokens;
}

/** Longest run of consecutive equal words between `needle` and `hay`: [start in needle, start in hay, length]. */
function longestCommonRun(needle: string[], hay: string[]): [number, number, number] {
  let best: [number, number, number] = [0, 0, 0];
  let previous = new Array<number>(hay.length + 1).fill(0);
  for (let i = 1; i <= needle.length; i++) {
    const current = new Array<number>(hay.length + 1).fill(0);
    for (let j = 1; j <= hay.length; j++) {
      if (needle[i - 1] !== hay[j - 1]) continue;
      current[j] = previous[j - 1] + 1;
      if (current[j] > best[2]) best = [i - current[j], j - current[j], current[j]];
    }
    previous = current;
  }
  return best;
}

/**
 * Walks passage and page together from (p, h) in direction `step`, returning how far along the page the
 * passage still matches and how many words agreed. Skips up to MAX_SKIP words on either side to get past
 * a word one of them has and the other lacks; gives up after MAX_MISSES disagreements in a row.
 */
function extend(passage: string[], page: string[], p: number, h: number, step: 1 | -1): { lastPage: number; matched: number } {
  let lastPage = h - step;
  let matched = 0;
  let misses = 0;
  const inside = (i: number, length: number) => i >= 0 && i < length;
  while (inside(p, passage.length) && inside(h, page.length) && misses < MAX_MISSES) {
    if (passage[p] === page[h]) {
      lastPage = h;
      matched++;
      misses = 0;
      p += step;
      h += step;
      continue;
    }
    let resolved = false;
    for (let skip = 1; skip <= MAX_SKIP && !resolved; skip++) {
      if (inside(h + skip * step, page.length) && page[h + skip * step] === passage[p]) {
        h += skip * step; // the page has extra words here (a citation marker, a footnote number)
        resolved = true;
      } else if (inside(p + skip * step, passage.length) && passage[p + skip * step] === page[h]) {
        p += skip * step; // the passage has words the page's text layer lacks
        resolved = true;
      }
    }
    if (!resolved) {
      misses++;
      p += step;
      h += step;
    }
  }
  return { lastPage, matched };
}

function itemsOf(tokens: PageToken[], from: number, to: number): number[] {
  const set = new Set<number>();
  for (let t = from; t <= to; t++) for (const item of tokens[t].items) set.add(item);
  return [...set].sort((a, b) => a - b);
}

/** Fallback: items whose longer words mostly occur in the passage, keeping the densest cluster of them. */
function matchItemsByOverlap(items: readonly string[], passage: string[]): PassageMatch {
  const vocabulary = new Set(passage.filter((w) => w.length >= 4));
  const good: number[] = [];
  let bestRatio = 0;
  items.forEach((raw, index) => {
    const words = (normalizeText(raw).match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 4);
    if (words.length < 2) return;
    const ratio = words.filter((w) => vocabulary.has(w)).length / words.length;
    if (ratio >= 0.6) {
      good.push(index);
      bestRatio = Math.max(bestRatio, ratio);
    }
  });
  if (good.length === 0) return { items: [], method: 'none', matchedWords: 0 };
  // Split where two good items are far apart in reading order and keep the biggest group.
  let best: number[] = [];
  let group: number[] = [];
  for (const index of good) {
    if (group.length > 0 && index - group[group.length - 1] > 4) group = [];
    group.push(index);
    if (group.length > best.length) best = group;
  }
  return { items: best, method: 'items', matchedWords: Math.round(bestRatio * 100) / 100 };
}

/** Which of the page's text items hold the passage. See the file comment for how. */
export function matchPassage(items: readonly string[], passage: string): PassageMatch {
  const words = passageWords(passage);
  const tokens = pageTokens(items);
  if (words.length === 0 || tokens.length === 0) return { items: [], method: 'none', matchedWords: 0 };
  const page = tokens.map((t) => t.word);

  const [passageStart, pageStart, length] = longestCommonRun(words.slice(0, ANCHOR_WORDS), page);
  if (length >= Math.min(MIN_RUN, words.length)) {
    const forward = extend(words, page, passageStart + length, pageStart + length, 1);
    const backward = extend(words, page, passageStart - 1, pageStart - 1, -1);
    const first = Math.min(pageStart, backward.lastPage);
    const last = Math.max(pageStart + length - 1, forward.lastPage);
    return { items: itemsOf(tokens, first, last), method: 'run', matchedWords: length + forward.matched + backward.matched };
  }
  return matchItemsByOverlap(items, words);
}
