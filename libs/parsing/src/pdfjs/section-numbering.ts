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
 * its parent (`2`, then `2.1` below it), so unnumbered papers still get a usable outline.
 */
export function numberSections(headings: Heading[], untitledFirst: boolean): { numbers: string[]; untitledNumber: string } {
  const counters: number[] = [];
  const labels: string[] = [];
  let untitledNumber = '1';
  if (untitledFirst) {
    counters[0] = 1;
    labels[0] = '1';
    if (headings[0]?.number && /^1(\.|$)/.test(headings[0].number)) untitledNumber = '0.1';
  }
  const numbers = headings.map((heading) => {
    const depth = Math.max(1, heading.level) - 1;
    let label: string;
    if (heading.number) {
      label = heading.number;
      const last = label.split('.').pop() ?? '';
      counters[depth] = /^\d+$/.test(last) ? Number(last) : /^[IVXLC]+$/.test(last) ? romanToInt(last) : (counters[depth] ?? 0);
    } else {
      counters[depth] = (counters[depth] ?? 0) + 1;
      const parent = depth > 0 ? labels[depth - 1] : undefined;
      label = parent ? `${parent}.${counters[depth]}` : String(counters[depth]);
    }
    labels[depth] = label;
    counters.length = depth + 1;
    labels.length = depth + 1;
    return label;
  });
  return { numbers, untitledNumber };
}
