import { MAX_QUERY_LENGTH } from '@lectern/retrieval';
import { questionKeywords } from '@lectern/text';
import { extractAnswer } from './extractive-answer';
import type { ExploreCall } from './explore-tools';
import type { ExploreEvent } from './explore.types';
import type { CallOutcome, ExploreSession, NavigatorEnding } from './explore.session';
import { termCoverage } from './lexical-overlap';
import { AT_THE_EDGE } from './paper.reader';

export const HEURISTIC_SEARCH_K = 5;

/**
 * The navigator without an LLM, on the same tools: search, outline the best hit's article, read its section, read on
 * with next() while each section adds question words not seen yet, then step back with previous() the same way, and
 * answer with the read sentences closest to the question. Deterministic for a given corpus.
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
  const hits = articleId ? reader.lastHits.filter((h) => h.article.id === articleId) : reader.lastHits;
  const best = hits[0];
  if (!best) return { text: null, reason: 'no passage matches the question', citations: [], sectionIds: [] };

  if (canMove()) yield* run({ tool: 'outline', args: { article_id: best.article.id } });
  if (canMove()) yield* run({ tool: 'read', args: { section: best.section.id } });

  let seen = coverage();
  const readOn = async function* (tool: 'next' | 'previous'): AsyncGenerator<ExploreEvent, void> {
    while (canMove()) {
      const outcome: CallOutcome = yield* run({ tool, args: {} });
      const now = coverage();
      const moved = outcome.kind === 'result' && !outcome.content.startsWith(AT_THE_EDGE) && !outcome.content.startsWith('error:');
      const rising = now > seen;
      seen = now;
      if (!moved || !rising) return;
    }
  };
  yield* readOn('next');

  // Back to just before the best section, to read the setup that leads into it.
  const outline = reader.outlineOf(best.article.id);
  const at = outline.findIndex((e) => e.id === best.section.id);
  const before = outline
    .slice(0, Math.max(0, at))
    .reverse()
    .find((e) => e.contextCount > 0);
  if (before && canMove() && !reader.readSections.some((r) => r.section.id === before.id)) {
    // Standing on the best section again, previous() lands on the section with text before it.
    reader.cursor = { articleId: best.article.id, sectionId: best.section.id, nextContext: 0 };
    yield* readOn('previous');
  }

  const extracted = extractAnswer(question, reader.readSections);
  if (!extracted) return { text: null, reason: 'nothing read shares words with the question', citations: [], sectionIds: [] };
  const outcome: CallOutcome = yield* run({ tool: 'answer', args: { text: extracted.text, citations: extracted.sectionIds } });
  if (outcome.kind !== 'answer') return null;
  return { text: outcome.text, citations: outcome.citations, sectionIds: outcome.sectionIds };
}
