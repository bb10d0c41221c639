import type { Heading } from './heading-detector';

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };

export function romanToInt(roman: string): number {
  let total = 0;
  for (let i = 0; i < roman.length; i++) {
    const value = ROMAN[roman[i]] ?? 0;
    total += value < (ROMAN[roman[i + 1]] ?? 0) ? -value : value;
  }
  return total;
}

/**
 * Section numbers: the paper's own where printed, else the next ordinal at the heading's level under
 * its parent (`2`, then `2.1` below it), so unnumbered papers still get a usable outline. Where the paper
 * prints numbers at a level, an unnumbered heading there (a book's Preface before chapter 1, a closing
 * Glossary) gets none, nor do the unnumbered headings under it: an ordinal would be a number the page
 * does not show, and could repeat one it does ("1 Preface" beside "1 Compilation").
 */
export function numberSections(headings: Heading[], untitledFirst: boolean): { numbers: string[]; untitledNumber: string } {
  const counters: number[] = [];
  const labels: string[] = [];
  let untitledNumber = '1';
  if (untitledFirst) {
    counters[0] = 1;
    labels[0] = '1';
    // A printed top-level 1 (past unnumbered front sections: "Preface", then "1 Background") is never repeated.
    if (headings.some((h) => h.number && /^1(\.|$)/.test(h.number))) untitledNumber = '0.1';
  }
  const printedAt = new Set(headings.filter((h) => h.number).map((h) => Math.max(1, h.level) - 1));
  const numbers = headings.map((heading) => {
    const depth = Math.max(1, heading.level) - 1;
    let label: string;
    // The nearest heading above: a level may be skipped ("METHODS", then its sub-sub-sections).
    const parent = labels
      .slice(0, depth)
      .reverse()
      .find((label) => label !== undefined);
    if (!heading.number && printedAt.size > 0 && (printedAt.has(depth) || parent === '')) {
      label = '';
    } else if (heading.number) {
      label = heading.number;
      const last = label.split('.').pop() ?? '';
      counters[depth] = /^\d+$/.test(last) ? Number(last) : /^[IVXLC]+$/.test(last) ? romanToInt(last) : (counters[depth] ?? 0);
    } else {
      counters[depth] = (counters[depth] ?? 0) + 1;
      label = parent ? `${parent}.${counters[depth]}` : String(counters[depth]);
    }
    labels[depth] = label;
    counters.length = depth + 1;
    labels.length = depth + 1;
    return label;
  });
  return { numbers: fillOneGaps(headings, numbers), untitledNumber };
}

/**
 * An unnumbered heading between printed siblings one number apart ("1.3", ?, "1.5") is the number in the gap: the
 * page prints it, but it was not read with the title (a bookmark's title, a number set apart). No number repeats.
 */
function fillOneGaps(headings: Heading[], numbers: string[]): string[] {
  const depthOf = (i: number) => Math.max(1, headings[i].level) - 1;
  const sibling = (i: number, step: 1 | -1): number | null => {
    for (let j = i + step; j >= 0 && j < headings.length; j += step) {
      if (depthOf(j) < depthOf(i)) return null;
      if (depthOf(j) === depthOf(i)) return j;
    }
    return null;
  };
  return numbers.map((label, i) => {
    if (label !== '' || headings[i].number) return label;
    const [before, after] = [sibling(i, -1), sibling(i, 1)];
    if (before === null || after === null || !headings[before].number || !headings[after].number) return label;
    const a = /^(.*?)(\d+)$/.exec(numbers[before]);
    const b = /^(.*?)(\d+)$/.exec(numbers[after]);
    if (!a || !b || a[1] !== b[1] || Number(b[2]) - Number(a[2]) !== 2) return label;
    return `${a[1]}${Number(a[2]) + 1}`;
  });
}
