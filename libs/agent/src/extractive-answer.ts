import { evidenceOf, extractiveAnswer, isTooWeak, type PassageContext, type TermWeights } from '@lectern/retrieval';
import type { ExploreCitation } from './explore.types';
import type { ReadSection } from './paper.reader';

export interface ExtractedAnswer {
  /** Sentences joined, each with its `[n]`. */
  text: string;
  /** Section ids the sentences come from, in the order used. */
  sectionIds: string[];
  /** One per `[n]`: the context and the sentence's span in it. */
  citations: ExploreCitation[];
}

/**
 * What was read, answered as the chat answers without an LLM (the same sentence scorer, filters and ~60-word budget):
 * the sentence that best answers the question, and up to two more nearly as good, each with its `[n]`. Null when no
 * read sentence can be quoted for the question, or when what was read bears on it too weakly: the same evidence
 * decision as chat and `lectern ask` (isTooWeak), over the sections read.
 */
export function extractAnswer(
  question: string,
  read: readonly ReadSection[],
  titleOf: (articleId: string) => string,
  termWeights?: TermWeights,
): ExtractedAnswer | null {
  const sources = read.map((section, i) => {
    const contexts: PassageContext[] = section.contexts.map((row) => ({
      id: row.id,
      text: row.text,
      page: row.page,
      ...(row.pageStarts ? { pageStarts: row.pageStarts } : {}),
      kind: row.kind,
      section: { id: section.section.id, number: section.section.number, title: section.section.title },
    }));
    return { n: i + 1, article: { id: section.articleId, title: titleOf(section.articleId) }, contexts, anchor: contexts[0] };
  });
  const usable = sources.filter((source) => source.contexts.length > 0);
  if (isTooWeak(evidenceOf(question, termWeights, usable))) return null;
  const answer = extractiveAnswer(question, usable, '', { termWeights });
  if (!answer) return null;
  const sectionOf = new Map(usable.flatMap((source) => source.contexts.map((c) => [c.id, c.section.id] as const)));
  return {
    text: answer.answer,
    sectionIds: [...new Set(answer.citations.map((c) => sectionOf.get(c.contextId)!))],
    citations: answer.citations.map((c) => ({
      n: c.n,
      articleId: c.articleId,
      articleTitle: c.articleTitle,
      contextId: c.contextId,
      sectionNumber: c.sectionNumber,
      sectionTitle: c.sectionTitle,
      page: c.page,
      ...(c.pageEnd !== undefined ? { pageEnd: c.pageEnd } : {}),
      ...(c.quote !== undefined ? { quote: c.quote } : {}),
      ...(c.span ? { span: c.span } : {}),
    })),
  };
}
