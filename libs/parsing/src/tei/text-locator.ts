/** Characters of a probe: long enough to be unique in a paper, short enough to fit between two page breaks. */
const PROBE_CHARS = 40;
const PROBE_STRIDE = 24;
const MAX_PROBES = 16;
/** Character n-grams for the overlap fallback. */
const GRAM = 8;
const MAX_GRAMS = 600;

/**
 * Letters and digits only, lower-case, without accents or ligatures: PDF.js and GROBID disagree on hyphenation,
 * spacing, ligatures (ﬁ) and combining accents, but not on the letters themselves.
 */
export function matchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Finds where pieces of text are printed in a document given as one text per page. */
export class TextLocator {
  private readonly full: string;
  private readonly starts: number[] = [];
  private readonly pageGrams: Set<string>[];

  constructor(pageTexts: string[]) {
    const keys = pageTexts.map(matchKey);
    let offset = 0;
    for (const key of keys) {
      this.starts.push(offset);
      offset += key.length;
    }
    this.full = keys.join('');
    this.pageGrams = keys.map((key) => {
      const grams = new Set<string>();
      for (let i = 0; i + GRAM <= key.length; i++) grams.add(key.slice(i, i + GRAM));
      return grams;
    });
  }

  get pageCount(): number {
    return this.starts.length;
  }

  /**
   * The 1-based page where `text` starts: exact probes searched forward from `fromPage`, then from the first
   * page, then the page sharing the most n-grams with it. Null when nothing credible matches.
   */
  locate(text: string, fromPage: number): number | null {
    const key = matchKey(text);
    if (key.length < 8 || this.pageCount === 0) return null;
    const from = this.starts[Math.min(Math.max(fromPage, 1), this.pageCount) - 1];
    const probes = probeOffsets(text, key);
    return this.findExact(key, probes, from) ?? this.findExact(key, probes, 0) ?? this.bestOverlap(key, fromPage);
  }

  private findExact(key: string, offsets: number[], from: number): number | null {
    for (const offset of offsets) {
      const probe = key.slice(offset, offset + PROBE_CHARS);
      const at = this.full.indexOf(probe, from);
      // A probe from inside the block says the block started about `offset` characters earlier.
      if (at >= 0) return this.pageAt(Math.max(from, at - offset));
    }
    return null;
  }

  private bestOverlap(key: string, fromPage: number): number | null {
    const grams = new Set<string>();
    const step = Math.max(1, Math.floor((key.length - GRAM) / MAX_GRAMS));
    for (let i = 0; i + GRAM <= key.length; i += step) grams.add(key.slice(i, i + GRAM));
    let best: { page: number; hits: number } | null = null;
    this.pageGrams.forEach((pageGrams, index) => {
      let hits = 0;
      for (const gram of grams) if (pageGrams.has(gram)) hits++;
      const page = index + 1;
      // Ties go to the page nearest after the current one: text is read forward.
      const better = !best || hits > best.hits || (hits === best.hits && distance(page, fromPage) < distance(best.page, fromPage));
      if (better) best = { page, hits };
    });
    const found = best as { page: number; hits: number } | null;
    return found && found.hits >= Math.max(2, 0.2 * grams.size) ? found.page : null;
  }

  private pageAt(position: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= position) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
}

const distance = (page: number, fromPage: number) => (page >= fromPage ? page - fromPage : 2 * (fromPage - page));

/**
 * Where to cut probes: the start first (where the block begins), then the start of each clause (a rendered
 * citation's title, a caption after its label), then a regular stride so garbled stretches are stepped over.
 */
function probeOffsets(text: string, key: string): number[] {
  const offsets = [0];
  for (const clause of text.split(/[.,;:()[\]|]\s+/)) {
    const clauseKey = matchKey(clause);
    if (clauseKey.length < 16) continue;
    const at = key.indexOf(clauseKey.slice(0, PROBE_CHARS));
    if (at > 0) offsets.push(at);
  }
  for (let at = PROBE_STRIDE; at + PROBE_CHARS <= key.length; at += PROBE_STRIDE) offsets.push(at);
  const usable = [...new Set(offsets)].filter((o) => o === 0 || o + Math.min(PROBE_CHARS, 16) <= key.length);
  return usable.slice(0, MAX_PROBES);
}
