import type { ParsedArticle, ParsedBlock } from '../article';
import type { ParsedEquation } from '../nougat/equations';
import { bodyBlocks, copyArticle, insertBlocks, insertionPointForPage, replaceBlock, type BlockPosition } from './article-edits';
import { spanAfterContext, spanBeforeTag, type FormulaSpan } from './formula-span';
import { diceOfMultisets, latexGlyphs, textGlyphs } from './text-similarity';

/*
 * Merge policy for equations (step 3 of 3: skeleton → Unstructured tables → Nougat math).
 * Nougat reads the page image, so its LaTeX is the best text of a formula; the PDF's text layer turns the
 * same formula into symbol soup. Each equation is placed on its page (set by `locateEquationPages`):
 *  1. an `equation` block on that page whose characters agree with the LaTeX, or a `text` block that is
 *     nothing but a formula, is replaced outright;
 *  2. display equations only: inside a paragraph on that page, the formula's flattened span — after the
 *     equation's context prose and up to its number `(N)` — is cut out and the paragraph split around the
 *     new block, so the prose before and after stays as it was;
 *  3. display equations only: otherwise a new block goes right after the context prose, or after the last
 *     block of the page.
 * The new block is `kind: 'equation'` with text `$$ latex $$`. Inline equations only ever replace (1).
 * Prose is never dropped: whole blocks are replaced only when they contain no ordinary words.
 * The input article is not modified; `parsers` and `warnings` of the article are left to the caller.
 */

/** Character agreement needed to replace an `equation` block, and a formula-only `text` block. */
const EQUATION_BLOCK_SIMILARITY = 0.5;
const FORMULA_TEXT_SIMILARITY = 0.6;
/** …lowered when the block ends with the equation's own number. */
const NUMBERED_BONUS = 0.15;
/** Agreement needed to cut a span out of a paragraph. */
const SPAN_SIMILARITY = 0.45;
const MAX_FORMULA_BLOCK_CHARS = 300;
const MAX_PROSE_WORD_SHARE = 0.4;

export function mergeEquations(article: ParsedArticle, equations: ParsedEquation[]): { article: ParsedArticle; warnings: string[] } {
  const merged = copyArticle(article);
  const warnings: string[] = [];
  const placed = new Set<ParsedBlock>();
  let unplaced = 0;
  for (const equation of equations) {
    const block: ParsedBlock = { text: `$$ ${equation.latex} $$`, page: equation.page ?? 0, kind: 'equation' };
    const whole = wholeBlockFor(merged, equation, placed);
    if (whole) {
      const old = merged.sections[whole.section].blocks[whole.block];
      const kept: ParsedBlock = { ...block, page: old.page, ...(old.box ? { box: old.box } : {}) };
      merged.sections[whole.section].blocks[whole.block] = kept;
      placed.add(kept);
      continue;
    }
    if (!equation.display) continue;
    if (equation.page === undefined) {
      unplaced++;
      continue;
    }
    const inside = spanFor(merged, equation, placed);
    if (inside) {
      const old = merged.sections[inside.at.section].blocks[inside.at.block];
      const before: ParsedBlock = { ...old, text: old.text.slice(0, inside.span.start).trimEnd() };
      // The paragraph may have started on an earlier page; what follows the formula is on the formula's page.
      const afterText: ParsedBlock = {
        text: old.text.slice(inside.span.end).trimStart(),
        page: Math.max(old.page, equation.page),
        kind: old.kind,
      };
      replaceBlock(merged, inside.at, [before, block, afterText]);
      placed.add(block);
      continue;
    }
    const point = insertionPointForPage(merged, equation.page);
    if (!point) {
      warnings.push(`nougat: equation ${label(equation)} not merged: the article has no body section to hold it`);
      continue;
    }
    insertBlocks(merged, point.at, [block]);
    placed.add(block);
  }
  if (unplaced > 0) warnings.push(`nougat: ${unplaced} display equation(s) not merged: their page could not be located`);
  return { article: merged, warnings };
}

/** Step 1: a block that is the formula and nothing else. */
function wholeBlockFor(article: ParsedArticle, equation: ParsedEquation, placed: Set<ParsedBlock>): BlockPosition | undefined {
  const formula = latexGlyphs(equation.latex);
  let best: { at: BlockPosition; score: number } | undefined;
  for (const entry of bodyBlocks(article)) {
    const block = entry.value;
    if (placed.has(block) || (equation.page !== undefined && block.page !== equation.page)) continue;
    const isEquation = block.kind === 'equation';
    if (!isEquation && !(block.kind === 'text' && looksLikeFormula(block.text, equation.latex))) continue;
    const similarity = diceOfMultisets(formula, textGlyphs(block.text));
    const numbered = equation.tag !== undefined && new RegExp(`\\(\\s*${equation.tag.replace(/\W/g, '\\$&')}\\s*\\)\\s*$`).test(block.text);
    const needed = (isEquation ? EQUATION_BLOCK_SIMILARITY : FORMULA_TEXT_SIMILARITY) - (numbered ? NUMBERED_BONUS : 0);
    if (similarity >= needed && (!best || similarity > best.score)) best = { at: entry, score: similarity };
  }
  return best?.at;
}

/** Step 2 and 3's anchor: a flattened span inside a paragraph, or the point right after the context. */
function spanFor(
  article: ParsedArticle,
  equation: ParsedEquation,
  placed: Set<ParsedBlock>,
): { at: BlockPosition; span: FormulaSpan } | undefined {
  // A block is on the page it starts on: a paragraph from the previous page can hold this page's formula.
  const page = equation.page ?? 0;
  const candidates = bodyBlocks(article).filter(
    (entry) => (entry.value.page === page || entry.value.page === page - 1) && entry.value.kind === 'text' && !placed.has(entry.value),
  );
  let best: { at: BlockPosition; span: FormulaSpan } | undefined;
  if (equation.tag !== undefined) {
    for (const entry of candidates) {
      const span = spanBeforeTag(entry.value.text, equation.tag, equation.latex, equation.context);
      if (span && span.similarity >= SPAN_SIMILARITY && (!best || span.similarity > best.span.similarity)) best = { at: entry, span };
    }
    if (best) return best;
  }
  for (const entry of candidates) {
    const span = spanAfterContext(entry.value.text, equation.latex, equation.context);
    if (!span) continue;
    const usable = span.similarity >= SPAN_SIMILARITY ? span : { start: span.start, end: span.start, similarity: 0 };
    if (!best || usable.similarity > best.span.similarity) best = { at: entry, span: usable };
  }
  return best;
}

/** Symbols, single letters, numbers and the formula's own words (`\text{expert capacity}`), little else. */
export function looksLikeFormula(text: string, latex: string): boolean {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > MAX_FORMULA_BLOCK_CHARS) return false;
  const formulaWords = new Set(latex.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
  const words = trimmed.split(/\s+/);
  const prose = words.filter(
    (word) => /^\p{L}{4,}[,.;:]?$/u.test(word) && !formulaWords.has(word.replace(/[,.;:]$/, '').toLowerCase()),
  ).length;
  return prose / words.length < MAX_PROSE_WORD_SHARE;
}

const label = (equation: ParsedEquation) => (equation.tag ? `(${equation.tag})` : `"${equation.latex.slice(0, 30)}"`);
