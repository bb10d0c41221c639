/**
 * Mathpix Markdown → the plain prose a PDF's text layer would show for it, for matching the two.
 * Display math and tables are dropped (the PDF shows them as symbol soup); short inline math keeps its
 * letters (`\(T_{h}\)` reads "Th" in the PDF), long inline math is dropped.
 */

const DISPLAY_MATH = /(?<!\\)\\\[[\s\S]*?(?<!\\)\\\]|(?<!\\)\$\$[\s\S]*?(?<!\\)\$\$/g;
const INLINE_MATH = /(?<!\\)\\\(([\s\S]*?)(?<!\\)\\\)/g;
const ENVIRONMENT = /\\begin\{(table|tabular|figure|array|align\*?|equation\*?)\}[\s\S]*?\\end\{\1\}/g;
/** Nougat's own markers: `[MISSING_PAGE_POST]`, `[MISSING_PAGE_EMPTY:3]`, repetition warnings. */
const NOUGAT_MARKERS = /\[MISSING_PAGE[^\]]*\]|\+\+\+[\s\S]*?\+\+\+/g;
const INLINE_KEPT_MAX_CHARS = 4;

export function proseOfMmd(mmd: string): string {
  let text = mmd;
  // The window may start inside a display equation or environment: drop its unmatched end.
  const strayEnd = lastIndexOfStrayEnd(text);
  if (strayEnd >= 0) text = text.slice(strayEnd);
  text = text.replace(ENVIRONMENT, ' ').replace(DISPLAY_MATH, ' ').replace(NOUGAT_MARKERS, ' ');
  text = text.replace(INLINE_MATH, (_whole, inner: string) => {
    const letters = latexLetters(inner);
    return letters.length <= INLINE_KEPT_MAX_CHARS ? letters : ' ';
  });
  text = text.replace(/\\\(|\\\)|\\\[|\\\]/g, ' ');
  text = text
    .replace(/^#+\s*/gm, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '');
  return text.replace(/\s+/g, ' ').trim();
}

/** `\mathbf{p}_{i}` → `pi`: what survives of a formula as letters on the page. */
export function latexLetters(latex: string): string {
  return latex.replace(/\\[a-zA-Z]+\*?/g, '').replace(/[^\p{L}\p{N}]+/gu, '');
}

function lastIndexOfStrayEnd(text: string): number {
  const ends = [/(?<!\\)\\\]/g, /\\end\{[a-z*]+\}/g];
  let cut = -1;
  for (const end of ends) {
    for (const match of text.matchAll(end)) {
      const before = text.slice(0, match.index);
      const opened = end.source.includes('end') ? /\\begin\{/.test(before) : /(?<!\\)\\\[/.test(before);
      if (!opened) cut = Math.max(cut, match.index + match[0].length);
    }
  }
  return cut;
}
