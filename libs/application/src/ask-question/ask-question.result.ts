import type { Citation, RetrievalResult } from '@lectern/retrieval';

/** The retrieval event names at most this many sources: enough to show, without echoing all k hits. */
export const MAX_ANNOUNCED_SOURCES = 20;

/** A passage the answer is built from, as announced in the `retrieval` event: where a citation would point. */
export type AnswerSource = Omit<Citation, 'n'>;

export interface RetrievalSummary {
  hits: number;
  passages: number;
  /** What the pipeline did or skipped (e.g. "multi-query needs an LLM; used the question alone"). */
  notes: string[];
}

export interface AnswerResult {
  answer: string;
  citations: Citation[];
  mode: string;
  llm: { used: boolean; model?: string };
  /** Set when the answer is extractive: no LLM configured, or the LLM failed. */
  notice?: string;
  retrieval: RetrievalSummary;
}

/** The events of a streamed answer, in order: retrieval, token*, citation*, done. */
export type AnswerEvent =
  | { event: 'retrieval'; data: RetrievalSummary & { mode: string; sources: AnswerSource[] } }
  | { event: 'token'; data: { text: string } }
  | { event: 'citation'; data: Citation }
  | { event: 'done'; data: AnswerResult };

/** The passages when parent expansion ran (each at its best hit), else the top hits. */
export function announcedSources(result: RetrievalResult): AnswerSource[] {
  if (result.passages.length > 0) {
    return result.passages.slice(0, MAX_ANNOUNCED_SOURCES).map((passage) => {
      const best = passage.contexts.find((c) => c.id === passage.hitContextIds[0]) ?? passage.contexts[0];
      return source(best.id, passage.article, best.section, best.page);
    });
  }
  return result.hits.slice(0, MAX_ANNOUNCED_SOURCES).map((hit) => source(hit.contextId, hit.article, hit.section, hit.page));
}

function source(
  contextId: string,
  article: { id: string; title: string },
  section: { number: string; title: string },
  page: number,
): AnswerSource {
  return {
    contextId,
    articleId: article.id,
    articleTitle: article.title,
    sectionNumber: section.number,
    sectionTitle: section.title,
    page,
  };
}
