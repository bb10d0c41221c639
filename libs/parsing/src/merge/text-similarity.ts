import { TABLE_MATCH_STOPWORDS } from '@lectern/text';

/** Cheap, order-insensitive comparisons between a service's rendering of something and a PDF's text of it. */

/** Lowercased words and numbers, ligatures folded, in order (repeats kept). */
export function contentWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}.]+/u)
    .map((word) => word.replace(/^\.+|\.+$/g, ''))
    .filter((word) => word.length > 0 && !TABLE_MATCH_STOPWORDS.has(word));
}

/** Share of `text`'s content words found in `vocabulary` (0 when `text` has none). */
export function shareOfWordsIn(text: string, vocabulary: ReadonlySet<string>): { share: number; words: number } {
  const words = contentWords(text);
  if (words.length === 0) return { share: 0, words: 0 };
  return { share: words.filter((word) => vocabulary.has(word)).length / words.length, words: words.length };
}

export const isNumberWord = (word: string) => /^[\d.,eE+-]+$/.test(word) && /\d/.test(word);

// LaTeX commands that print as one symbol in a PDF; their Unicode form is compared with the PDF's text.
const LATEX_SYMBOLS: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  zeta: 'ζ',
  eta: 'η',
  theta: 'θ',
  iota: 'ι',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  xi: 'ξ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  phi: 'φ',
  varphi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Sigma: 'Σ',
  Phi: 'Φ',
  Psi: 'Ψ',
  Omega: 'Ω',
  Pi: 'Π',
  sum: '∑',
  prod: '∏',
  int: '∫',
  partial: '∂',
  nabla: '∇',
  infty: '∞',
  in: '∈',
  cdot: '·',
  times: '×',
  leq: '≤',
  geq: '≥',
  le: '≤',
  ge: '≥',
  neq: '≠',
  approx: '≈',
  sim: '∼',
  pm: '±',
  to: '→',
  rightarrow: '→',
  leftarrow: '←',
  sqrt: '√',
};

/**
 * The characters a formula leaves on the page: letters, digits and the symbols of known commands, lowercased
 * (OCR and font encodings disagree on case more than on identity). Markup like `\frac`, braces, `^` and `_`
 * leaves nothing.
 */
export function latexGlyphs(latex: string): string[] {
  const withSymbols = latex
    .replace(/\\(?:text|mathrm|operatorname|mathbf|mathcal|mathbb|mathbbm|mathit|boldsymbol)\s*\{/g, '{')
    .replace(/\\([a-zA-Z]+)/g, (_whole, name: string) => ` ${LATEX_SYMBOLS[name] ?? ''} `);
  return glyphs(withSymbols);
}

/** The same reduction for text extracted from a PDF. */
export function textGlyphs(text: string): string[] {
  return glyphs(text.normalize('NFKC'));
}

const SYMBOL_SET = new Set(Object.values(LATEX_SYMBOLS));

function glyphs(text: string): string[] {
  return [...text.toLowerCase()].filter((char) => /[\p{L}\p{N}]/u.test(char) || SYMBOL_SET.has(char));
}

/** Dice coefficient of two multisets: 1 for the same characters in any order, 0 for nothing shared. */
export function diceOfMultisets(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const item of a) counts.set(item, (counts.get(item) ?? 0) + 1);
  let shared = 0;
  for (const item of b) {
    const left = counts.get(item) ?? 0;
    if (left > 0) {
      shared++;
      counts.set(item, left - 1);
    }
  }
  return (2 * shared) / (a.length + b.length);
}
