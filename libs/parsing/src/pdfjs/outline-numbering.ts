import type { Numbering } from './heading-numbering';

/** hyperref's IEEE outline labels: `I Introduction`, `II-A Dataset`, `III-B2 Training` (no dot after the numeral). */
const IEEE_LABEL = /^([IVXLC]{1,6})(?:-([A-Z])(\d{0,2}))?\s+(\S.*)$/;

/**
 * The number and title of an outline entry whose own numbering `parseNumbering` did not recognise. IEEE papers made
 * with hyperref label entries `I Introduction` and `II-A Dataset` while the page prints `I. INTRODUCTION` and
 * `A. Dataset`; kept whole, the number was shown twice ("I I Introduction", "II.1 II-A Dataset"). A bare numeral
 * is a label only when the printed heading carries the same numeral (else "I Am…" would lose a word); the
 * hyphenated form is a label on its own.
 */
export function splitOutlineLabel(title: string, printed: Numbering | null): { number: string; title: string } | null {
  const m = IEEE_LABEL.exec(title);
  if (!m) return null;
  const [, roman, letter, digit, rest] = m;
  if (letter) return { number: [roman, letter, digit].filter(Boolean).join('.'), title: rest };
  return printed?.kind === 'roman' && printed.number === roman ? { number: roman, title: rest } : null;
}
