/** `[3]`, `[1, 2]`, `[1][2]`, `[2-4]` / `[2–4]`; anything else in brackets is not a citation. */
const MARKER = /\[(\d{1,3}(?:\s*(?:,|-|–)\s*\d{1,3})*)\]/g;
/** A range wider than this is a typo or a year, not a citation of every source in between. */
const MAX_RANGE = 20;

/** Source numbers (1..`count`) the text cites, in order of first use, each once. */
export function citedNumbers(text: string, count: number): number[] {
  const cited: number[] = [];
  const seen = new Set<number>();
  const add = (n: number) => {
    if (n >= 1 && n <= count && !seen.has(n)) {
      seen.add(n);
      cited.push(n);
    }
  };
  for (const match of text.matchAll(MARKER)) {
    for (const part of match[1].split(',')) {
      const range = /^\s*(\d+)\s*[-–]\s*(\d+)\s*$/.exec(part);
      if (!range) {
        add(Number(part.trim()));
        continue;
      }
      const [from, to] = [Number(range[1]), Number(range[2])];
      if (to >= from && to - from <= MAX_RANGE) for (let n = from; n <= to; n++) add(n);
    }
  }
  return cited;
}
