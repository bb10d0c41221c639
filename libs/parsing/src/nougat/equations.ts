import { proseOfMmd } from './mmd-prose';
import { bestPageFor, PageIndex } from './page-locator';

/** One equation Nougat wrote in LaTeX. */
export interface ParsedEquation {
  /** The LaTeX between the delimiters, trimmed; `\tag{3}` is kept so the paper's numbering survives. */
  latex: string;
  /** `\[ … \]` or `$$ … $$` (true) versus inline `\( … \)` (false). */
  display: boolean;
  /** About 200 characters of the prose just before the equation, math removed: how its page is found. */
  context: string;
  /** The number in `\tag{…}`, when the equation has one. */
  tag?: string;
  /** 1-based page, once `locateEquationPages` found it. */
  page?: number;
}

export interface EquationsFromMmdOptions {
  /** Also return inline math `\( … \)`. Default false: inline math is part of its sentence. */
  inline?: boolean;
}

const CONTEXT_CHARS = 200;
/** How much raw text before an equation is cleaned to find its context (plenty for 200 chars of prose). */
const CONTEXT_WINDOW = 1500;

// A `\[` preceded by another backslash is a LaTeX line break with spacing (`\\[2pt]` in tabulars), not math.
const DISPLAY_BRACKETS = String.raw`(?<!\\)\\\[([\s\S]+?)(?<!\\)\\\]`;
const DISPLAY_DOLLARS = String.raw`(?<!\\)\$\$([\s\S]+?)(?<!\\)\$\$`;
const INLINE_PARENS = String.raw`(?<!\\)\\\(([\s\S]+?)(?<!\\)\\\)`;
const TAG = /\\tag\*?\{([^{}]*)\}/;

/** Equations in reading order, found in Nougat's Mathpix Markdown. */
export function equationsFromMmd(mmd: string, options: EquationsFromMmdOptions = {}): ParsedEquation[] {
  const pattern = new RegExp([DISPLAY_BRACKETS, DISPLAY_DOLLARS, ...(options.inline ? [INLINE_PARENS] : [])].join('|'), 'g');
  const equations: ParsedEquation[] = [];
  for (const match of mmd.matchAll(pattern)) {
    const display = match[1] !== undefined || match[2] !== undefined;
    const latex = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (!latex) continue;
    const windowStart = Math.max(0, match.index - CONTEXT_WINDOW);
    const tag = TAG.exec(latex)?.[1]?.trim();
    equations.push({
      latex,
      display,
      context: tail(proseOfMmd(mmd.slice(windowStart, match.index)), CONTEXT_CHARS),
      ...(tag ? { tag } : {}),
    });
  }
  return equations;
}

/**
 * Sets each equation's `page` by finding its context prose in the PDF's page texts (index 0 = page 1) by
 * word trigrams: the page holding the context's last words wins, since the equation follows them. Equations
 * are in reading order, so a tie goes to the first page at or after the previous equation's. Left unset when
 * nothing on any page resembles the context.
 */
export function locateEquationPages(equations: ParsedEquation[], pageTexts: string[]): void {
  const index = new PageIndex(pageTexts);
  let previousPage = 1;
  for (const equation of equations) {
    const page = bestPageFor(index, equation.context, previousPage);
    if (page === undefined) continue;
    equation.page = page;
    previousPage = page;
  }
}

/** The last `chars` characters, starting at a word boundary. */
function tail(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const cut = text.slice(text.length - chars);
  const space = cut.indexOf(' ');
  return space >= 0 && space < cut.length - 1 ? cut.slice(space + 1) : cut;
}
