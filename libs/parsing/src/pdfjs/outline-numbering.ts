import type { Numbering } from './heading-numbering';
import { romanToInt } from './section-numbering';

/** hyperref's IEEE outline labels: `I Introduction`, `II-A Dataset`, `III-B2 Training` (no dot after the numeral). */
const IEEE_LABEL = /^([IVXLC]{1,6})(?:-([A-Z])(\d{0,2}))?\s+(\S.*)$/;
/** A bare label before a capitalised title: a part numeral (`II Plotting styles`) or an appendix letter (`A Proofs`). */
const BARE_LABEL = /^([IVXLC]{1,6}|[A-Z])\s+([\p{Lu}\d].*)$/u;
const PRINTED_NUMBER_KINDS = new Set<Numbering['kind']>(['roman', 'chapter', 'letter', 'appendix']);

/**
 * The number and title of an outline entry whose own numbering `parseNumbering` did not recognise. IEEE papers made
 * with hyperref label entries `I Introduction` and `II-A Dataset` while the page prints `I. INTRODUCTION` and
 * `A. Dataset`; kept whole, the number was shown twice ("I I Introduction", "II.1 II-A Dataset"). A bare numeral or
 * letter is a label only when the printed heading carries the same one (`Part I` over `Gnuplot`), or when the outline
 * itself numbers with it (`sequenced`, see `sequencedLabels`), else "I Am…" or "A Study…" would lose a word; the
 * hyphenated form is a label on its own.
 */
export function splitOutlineLabel(title: string, printed: Numbering | null, sequenced = false): { number: string; title: string } | null {
  const m = IEEE_LABEL.exec(title);
  if (m?.[2]) return { number: [m[1], m[2], m[3]].filter(Boolean).join('.'), title: m[4] };
  const bare = BARE_LABEL.exec(title);
  if (!bare) return null;
  const [, label, rest] = bare;
  const printedSame = !!printed && PRINTED_NUMBER_KINDS.has(printed.kind) && printed.number === label;
  return printedSame || sequenced ? { number: label, title: rest } : null;
}

/**
 * Indices of outline entries whose leading numeral or letter the outline uses as a number: a sibling at the same
 * level next to it carries the label before or after it (`A Research Methods` then `B Online Resources`; `I …`,
 * `II …`), or an entry nested under it is numbered from it (`A.1 Part One`, `II.3 …`).
 */
export function sequencedLabels(entries: ReadonlyArray<{ title: string; level: number }>): Set<number> {
  const labelOf = (k: number) => BARE_LABEL.exec(entries[k]?.title ?? '')?.[1] ?? null;
  const out = new Set<number>();
  entries.forEach((entry, k) => {
    const label = labelOf(k);
    if (!label) return;
    const prev = sibling(entries, k, -1);
    const next = sibling(entries, k, 1);
    const prevLabel = prev === null ? null : labelOf(prev);
    const nextLabel = next === null ? null : labelOf(next);
    const child = entries[k + 1]?.level > entry.level ? entries[k + 1].title : '';
    if (
      (prevLabel !== null && follows(prevLabel, label)) ||
      (nextLabel !== null && follows(label, nextLabel)) ||
      child.startsWith(`${label}.`) ||
      child.startsWith(`${label}-`)
    )
      out.add(k);
  });
  return out;
}

/** The nearest entry at the same level before (`step` −1) or after (+1) entry `k`, not past its parent. */
function sibling(entries: ReadonlyArray<{ level: number }>, k: number, step: 1 | -1): number | null {
  for (let j = k + step; j >= 0 && j < entries.length; j += step) {
    if (entries[j].level < entries[k].level) return null;
    if (entries[j].level === entries[k].level) return j;
  }
  return null;
}

/** `b` is the label right after `a`: the next letter (A → B) or the next Roman numeral (IV → V). */
function follows(a: string, b: string): boolean {
  if (a.length === 1 && b.length === 1 && b.charCodeAt(0) === a.charCodeAt(0) + 1) return true;
  const [x, y] = [roman(a), roman(b)];
  return x !== null && y !== null && y === x + 1;
}

const roman = (text: string): number | null => (/^[IVXLC]+$/.test(text) ? romanToInt(text) : null);
