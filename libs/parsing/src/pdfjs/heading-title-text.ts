import type { BodyStyle } from './body-style';
import type { TextLine, TextRun } from './layout.types';

/** What a heading line prints that is not its title's text, or only looks like a formula. */

/**
 * A manual's title may name a command or an option: "\Deduce$" (a TeX control sequence whose name ends in "$") or
 * "subrefformat=" (a key). Those are taken out before the title is tested for formula signs.
 */
export const withoutCommandNames = (text: string): string => text.replace(/\\[A-Za-z@]+\$|(?<=\p{L})=(?=\s|$)/gu, '');

/**
 * The line without a note set in small type after the title on its row ("7 Letterspacing revisited" then
 * "pdfTeX 1.40 | LuaTeX 0.62" at the margin, a footnote mark): runs at its end smaller than both the title's largest
 * run and the body, with the title's size, font and weight. Null when nothing trails, or when the runs do not spell
 * the line's text (spaces aside).
 */
export function withoutTrailingNote<L extends TextLine>(line: L, body: BodyStyle): L | null {
  const runs = line.runs;
  const largest = Math.max(0, ...runs.map((r) => r.size));
  const small = (r: TextRun) => !/\S/.test(r.text) || (r.size < 0.75 * largest && r.size < body.size);
  let end = runs.length;
  while (end > 0 && small(runs[end - 1])) end--;
  if (end === runs.length || end === 0 || squeeze(runs.map((r) => r.text).join('')) !== squeeze(line.text)) return null;
  const kept = runs.slice(0, end);
  const text = kept
    .map((r) => r.text)
    .join('')
    .trim();
  if (!/\p{L}{2}/u.test(text)) return null;
  const chars = new Map<string, number>();
  let bold = 0;
  let total = 0;
  for (const r of kept) {
    const n = r.text.replace(/\s/g, '').length;
    chars.set(r.font, (chars.get(r.font) ?? 0) + n);
    total += n;
    if (r.bold) bold += n;
  }
  const font = [...chars.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const size = Math.round(largest * 10) / 10;
  return { ...line, text, runs: kept, size, font, boldRatio: total > 0 ? bold / total : 0, x1: kept[kept.length - 1].x1 };
}

const squeeze = (text: string) => text.replace(/\s+/g, '');
