import type { PageText } from './layout.types';

export interface BodyStyle {
  /** The font size carrying most of the document's characters. */
  size: number;
  font: string;
}

/** The body font, by character count over all pages: headings are judged relative to it. */
export function findBodyStyle(pages: PageText[]): BodyStyle {
  const bySize = new Map<number, number>();
  const byFont = new Map<string, number>();
  for (const page of pages) {
    for (const line of page.lines) {
      const size = Math.round(line.size * 2) / 2;
      bySize.set(size, (bySize.get(size) ?? 0) + line.text.length);
    }
  }
  // Journals that set methods and references small have two text sizes of similar weight (ASM: 7 and
  // 9 pt); the larger one is the body, or the main text's own lines would look like headings.
  const top = Math.max(0, ...bySize.values());
  const size = Math.max(0, ...[...bySize.entries()].filter(([, chars]) => chars >= 0.5 * top).map(([s]) => s)) || 10;
  for (const page of pages) {
    for (const line of page.lines) {
      if (Math.abs(line.size - size) > 0.3) continue;
      byFont.set(line.font, (byFont.get(line.font) ?? 0) + line.text.length);
    }
  }
  const font = [...byFont.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  return { size, font };
}
