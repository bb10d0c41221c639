import { lastPageOf, pagesLabel, pagesOfSpan } from '@lectern/common';
import { fitContext } from '@lectern/llm';
import type { TokenCounter } from '@lectern/text';
import type { Passage, PassageContext } from '../parent-expansion';
import type { AnswerSourcesInput, Citation } from './answer.types';

/** One numbered source `[n]` of an answer: a passage, or a hit outside every passage. */
export interface AnswerSource {
  n: number;
  article: { id: string; title: string };
  /** Reading order. */
  contexts: PassageContext[];
  /** The context a citation of the whole source points to: its best hit. */
  anchor: PassageContext;
}

export interface SourceBudget {
  /** Tokens of source text the prompt may hold. */
  maxTokens: number;
  counter: TokenCounter;
}

/** Rough characters per token, to cut the first source down when even it exceeds the budget. */
const CHARS_PER_TOKEN = 4;

/**
 * Numbers the sources in rank order — passages first (they hold the best hits), then the remaining hits — until the
 * token budget is spent. The first source is always kept, cut to the budget if it must be.
 */
export function buildSources(input: AnswerSourcesInput, budget: SourceBudget): AnswerSource[] {
  const candidates = [...input.passages.map(fromPassage)];
  const covered = new Set(input.passages.flatMap((passage) => passage.contexts.map((context) => context.id)));
  for (const hit of input.hits) {
    if (covered.has(hit.contextId)) continue;
    covered.add(hit.contextId);
    const context: PassageContext = {
      id: hit.contextId,
      text: hit.text,
      page: hit.page,
      ...(hit.pageStarts ? { pageStarts: hit.pageStarts } : {}),
      kind: hit.kind,
      section: hit.section,
    };
    candidates.push({ article: hit.article, contexts: [context], anchor: context });
  }

  // Numbered as they will appear, so the budget counts the exact prompt text; fitContext keeps the longest prefix.
  const numbered = candidates.map((candidate, i) => ({ ...candidate, n: i + 1 }));
  const fitting = fitContext(numbered.map(renderSource), budget.maxTokens, budget.counter).length;
  if (fitting === 0 && numbered.length > 0) return [truncate(numbered[0], budget.maxTokens)];
  return numbered.slice(0, fitting);
}

/** How a source appears in the prompt: `[n] Title — §2 Methods, p. 3` and its text. */
export function renderSource(source: AnswerSource): string {
  const sections = distinct(source.contexts.map((c) => sectionLabel(c.section.number, c.section.title))).join('; ');
  const from = Math.min(...source.contexts.map((c) => c.page));
  // A context running onto the next page shows the model both, so a sentence cited there is within what it was told.
  const to = Math.max(...source.contexts.map((c) => lastPageOf(c.page, c.pageStarts)));
  const where = [sections, pagesLabel(from, to)].filter((part) => part.length > 0).join(', ');
  const text = source.contexts.map((c) => c.text).join('\n\n');
  return `[${source.n}] ${source.article.title} — ${where}\n${text}`;
}

/**
 * The citation of a source's context; with `span` (a quoted sentence) its page is the sentence's, and `pageEnd` is
 * set when the sentence itself runs onto a later page.
 */
export function citationOf(source: AnswerSource, context: PassageContext = source.anchor, n = source.n, span?: Citation['span']): Citation {
  const pages = span ? pagesOfSpan(context.page, context.pageStarts, span) : { page: context.page };
  return {
    n,
    contextId: context.id,
    articleId: source.article.id,
    articleTitle: source.article.title,
    sectionNumber: context.section.number,
    sectionTitle: context.section.title,
    ...pages,
  };
}

function fromPassage(passage: Passage): Omit<AnswerSource, 'n'> {
  const best = passage.hitContextIds[0];
  const anchor = passage.contexts.find((context) => context.id === best) ?? passage.contexts[0];
  return { article: passage.article, contexts: passage.contexts, anchor };
}

function truncate(source: AnswerSource, maxTokens: number): AnswerSource {
  // Keep the anchor (the hit itself) and cut its text: the neighbours are the first thing to go.
  const text = source.anchor.text.slice(0, Math.max(1, maxTokens) * CHARS_PER_TOKEN);
  const anchor = { ...source.anchor, text };
  return { ...source, contexts: [anchor], anchor };
}

function sectionLabel(number: string, title: string): string {
  if (number === 'ref') return 'References';
  const label = /^\d+(\.\d+)*$/.test(number) ? `§${number}` : '';
  return [label, title].filter((part) => part.length > 0).join(' ');
}

function distinct(values: string[]): string[] {
  return [...new Set(values.filter((value) => value.length > 0))];
}
