import type { OutlineEntry } from '@lectern/corpus';
import { MAX_QUERY_LENGTH, titleCoverage, weightedQuestionTerms, type SearchHit } from '@lectern/retrieval';
import { questionKeywords } from '@lectern/text';
import { extractAnswer } from './extractive-answer';
import type { ExploreCall } from './explore-tools';
import type { ExploreEvent } from './explore.types';
import type { CallOutcome, ExploreSession, NavigatorEnding } from './explore.session';
import { termCoverage } from './lexical-overlap';
import { AT_THE_EDGE } from './paper.reader';

export const HEURISTIC_SEARCH_K = 5;

/**
 * The navigator without an LLM, on the same tools: search, outline the best hit's article, read the section its
 * outline and the hits point to (a heading naming the question first, else the section holding the best hits),
 * read on with next() while each section adds question words not seen yet, then read the section before the best
 * one and step back from it with previous() the same way, and answer with the read sentences that best answer the
 * question, each with its `[n]`. Deterministic for a given corpus.
 */
export async function* navigateHeuristically(
  session: ExploreSession,
  question: string,
  articleId?: string,
): AsyncGenerator<ExploreEvent, NavigatorEnding | null> {
  const reader = session.reader;
  const terms = questionKeywords(question);
  const coverage = () => termCoverage(terms, reader.readSections.flatMap((r) => r.contexts.map((c) => c.text)).join('\n'));
  // The last step is kept for the answer.
  const canMove = () => session.exhausted() === null && session.steps.length < session.budget.maxSteps - 1;
  const run = async function* (call: ExploreCall): AsyncGenerator<ExploreEvent, CallOutcome> {
    const outcome = await session.run(call);
    yield { event: 'step', data: outcome.step };
    return outcome;
  };

  yield* run({ tool: 'search', args: { query: question.slice(0, MAX_QUERY_LENGTH), k: HEURISTIC_SEARCH_K } });
  // The search is scoped by its caller; the reader's scope is checked again so a wider search never leads outside it.
  const hits = reader.lastHits.filter((h) => (!articleId || h.article.id === articleId) && reader.inScope(h.article.id));
  const best = hits[0];
  if (!best) return { text: null, reason: 'no passage matches the question', citations: [], sectionIds: [] };

  if (canMove()) yield* run({ tool: 'outline', args: { article_id: best.article.id } });
  const target = pickSection(question, reader.outlineOf(best.article.id), hits) ?? best.section.id;
  if (canMove()) yield* run({ tool: 'read', args: { section: target } });

  let seen = coverage();
  /** After a step: whether it read a section (not an error, not the article's edge) that added question words. */
  const gained = (outcome: CallOutcome): boolean => {
    const now = coverage();
    const rising = now > seen;
    seen = now;
    const moved = outcome.kind === 'result' && !outcome.content.startsWith(AT_THE_EDGE) && !outcome.content.startsWith('error:');
    return moved && rising;
  };
  const readOn = async function* (tool: 'next' | 'previous'): AsyncGenerator<ExploreEvent, void> {
    while (canMove()) {
      const outcome: CallOutcome = yield* run({ tool, args: {} });
      if (!gained(outcome)) return;
    }
  };
  yield* readOn('next');

  // Back to just before the best section, to read the setup that leads into it.
  const outline = reader.outlineOf(best.article.id);
  const at = outline.findIndex((e) => e.id === target);
  const before = outline
    .slice(0, Math.max(0, at))
    .reverse()
    .find((e) => e.contextCount > 0);
  if (before && canMove() && !reader.readSections.some((r) => r.section.id === before.id)) {
    // A jump the trail shows as one: moving the cursor back unseen and calling previous() read as a previous()
    // that skipped a section (4.2 read, next 4.3, "previous" 4.1). The same sections are read in the same steps.
    // (A read's content opens with its section's label, never with AT_THE_EDGE.)
    const outcome: CallOutcome = yield* run({ tool: 'read', args: { section: before.id } });
    if (gained(outcome)) yield* readOn('previous');
  }

  const extracted = extractAnswer(question, reader.readSections, (id) => reader.titleOf(id), reader.termWeights(question));
  if (!extracted) return { text: null, reason: 'nothing read answers the question', citations: [], sectionIds: [] };
  const outcome: CallOutcome = yield* run({ tool: 'answer', args: { text: extracted.text, citations: extracted.sectionIds } });
  if (outcome.kind !== 'answer') return null;
  // The sentence-level citations of the extracted answer: each [n] with its context and span.
  return { text: outcome.text, citations: extracted.citations, sectionIds: outcome.sectionIds };
}

/**
 * The section to read first in the best hit's article: by how much of the question its title names (the heading
 * "Assessment of X" for "how was X assessed?") plus how well the search ranked the hits inside it. Null when no
 * section of the outline has text.
 */
export function pickSection(question: string, outline: readonly OutlineEntry[], hits: readonly SearchHit[]): string | null {
  const terms = weightedQuestionTerms(question);
  let best: { id: string; score: number } | null = null;
  for (const entry of outline) {
    if (entry.contextCount === 0) continue;
    const rank = hits.findIndex((hit) => hit.section.id === entry.id);
    const content = rank < 0 ? 0 : 1 / (1 + rank);
    const score = 2 * titleCoverage(entry.title, terms) + content;
    if (score > 0 && (!best || score > best.score)) best = { id: entry.id, score };
  }
  return best?.id ?? null;
}
