import type { PageText } from './layout.types';

export interface BodyStyle {
  /** The font size carrying most of the document's characters. */
  size: number;
  font: string;
}

/** Typewriter/code fonts by PostScript name: CMTT, LMMono, Courier, Inconsolata, Source Code Pro, Fira Mono… */
export const MONOSPACE_FONT = /mono|courier|cmtt|sftt|(^|[-_+])tt\d|code|consol|typewriter/i;

/**
 * The body font, by character count over all pages: headings are judged relative to it. Code-heavy manuals set
 * more characters in their listings than in prose; when a proportional font still carries a fair share of the
 * text, the monospace code font is left out, or every prose line would look like a styled heading.
 */
export function findBodyStyle(pages: PageText[]): BodyStyle {
  const lines = pages.flatMap((p) => p.lines);
  const total = lines.reduce((n, l) => n + l.text.length, 0);
  const prose = lines.filter((l) => !MONOSPACE_FONT.test(l.font));
  const proseChars = prose.reduce((n, l) => n + l.text.length, 0);
  const counted = proseChars >= 0.25 * total ? prose : lines;
  const bySize = new Map<number, number>();
  const byFont = new Map<string, number>();
  for (const line of counted) {
    const size = Math.round(line.size * 2) / 2;
    bySize.set(size, (bySize.get(size) ?? 0) + line.text.length);
  }
  // Journals that set methods and references small have two text sizes of similar weight (ASM: 7 and
  // 9 pt); the larger one is the body, or the main text's own lines would look like headings.
  const top = Math.max(0, ...bySize.values());
  const size = Math.max(0, ...[...bySize.entries()].filter(([, chars]) => chars >= 0.5 * top).map(([s]) => s)) || 10;
  for (const line of counted) {
    if (Math.abs(line.size - size) > 0.3) continue;
    byFont.set(line.font, (byFont.get(line.font) ?? 0) + line.text.length);
  }
  const font = [...byFont.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  return { size, font };
}
