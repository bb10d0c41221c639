import type { PassageContext } from '../parent-expansion';
import { citationOf, type AnswerSource } from './answer-sources';
import type { Answer, Citation } from './answer.types';
import {
  asksAboutCitations,
  isQuotable,
  questionType,
  scoreSentence,
  sentencesWithSpans,
  weightedQuestionTerms,
  type TermWeights,
} from './sentence-scorer';

/** About three short sentences: what a reader takes in at a glance (issue 19). */
export const DEFAULT_ANSWER_WORDS = 60;
export const MAX_EXTRACTED_SENTENCES = 4;
/** A sentence this much weaker than the best adds noise, not support. */
const RELATIVE_CUTOFF = 0.5;
/** Rank prior: the retrieval order (which saw vectors, BM25 over whole contexts) breaks near-ties between sentences. */
const RANK_PRIOR = 0.08;

export interface ExtractiveOptions {
  /** Corpus idf per stemmed question term (see RetrievalResult.termWeights); without it every term weighs 1. */
  termWeights?: TermWeights;
  maxWords?: number;
}

interface Candidate {
  text: string;
  span: { start: number; end: number };
  source: AnswerSource;
  context: PassageContext;
  /** Source rank, then reading position: the tie-break. */
  order: number;
  words: number;
  score: number;
}

/**
 * The answer without an LLM: the sentence of the sources that best answers the question — scored by the question's
 * idf-weighted terms it holds, its shape against the question type, its section's title — then up to two more
 * nearly as good, within about DEFAULT_ANSWER_WORDS words, each followed by the `[n]` of its own context. Keyword
 * lines, reference entries, captions, number soup, tables and the paper's title are never quoted.
 * Null when nothing quotable matches.
 */
export function extractiveAnswer(
  question: string,
  sources: readonly AnswerSource[],
  notice: string,
  options: ExtractiveOptions = {},
): Answer | null {
  const terms = weightedQuestionTerms(question, options.termWeights);
  if (terms.size === 0) return null;
  const type = questionType(question);
  const citationsAsked = asksAboutCitations(question);
  const candidates: Candidate[] = [];
  sources.forEach((source, rank) => {
    for (const context of source.contexts) {
      const setting = { kind: context.kind, section: context.section, articleTitle: source.article.title };
      let previous = '';
      for (const sentence of sentencesWithSpans(context.text)) {
        const before = previous;
        previous = sentence.text;
        if (!isQuotable(sentence.text, setting, citationsAsked)) continue;
        const scored = scoreSentence(sentence.text, setting, terms, type, question, before);
        if (scored.score <= 0) continue;
        candidates.push({
          text: sentence.text,
          span: { start: sentence.start, end: sentence.end },
          source,
          context,
          order: candidates.length,
          words: sentence.text.split(/\s+/).length,
          score: scored.score + RANK_PRIOR / (1 + rank),
        });
      }
    }
  });
  if (candidates.length === 0) return null;
  const ranked = [...candidates].sort((a, b) => b.score - a.score || a.order - b.order);
  const maxWords = options.maxWords ?? DEFAULT_ANSWER_WORDS;
  const chosen = [ranked[0]];
  let words = ranked[0].words;
  for (const candidate of ranked.slice(1)) {
    if (chosen.length >= MAX_EXTRACTED_SENTENCES || candidate.score < ranked[0].score * RELATIVE_CUTOFF) break;
    if (words + candidate.words > maxWords) continue;
    if (chosen.some((c) => c.text === candidate.text)) continue;
    chosen.push(candidate);
    words += candidate.words;
  }

  // Citations number the cited contexts in order of first use, so each sentence points at its own page and span.
  const citations: Citation[] = [];
  const parts = chosen.map((candidate) => {
    const n = citations.length + 1;
    citations.push({ ...citationOf(candidate.source, candidate.context, n), quote: candidate.text, span: candidate.span });
    return withMarker(withoutCitationBrackets(candidate.text), n);
  });
  return { answer: parts.join(' '), citations, llm: false, notice };
}

/** "It rose by 5%." → "It rose by 5% [2]." — the marker inside the sentence, before its final stop. */
export function withMarker(sentence: string, n: number): string {
  const trimmed = sentence.trim();
  const end = /[.!?]+["'”’)]*$/.exec(trimmed);
  if (!end) return `${trimmed} [${n}].`;
  return `${trimmed.slice(0, end.index).trimEnd()} [${n}]${trimmed.slice(end.index)}`;
}

/**
 * A quoted sentence keeps the paper's own references ("as shown in [2]") but not in brackets: `[n]` in an answer
 * means one of its sources, and the paper's [2] is not source 2. They become "(ref. 2)".
 */
export function withoutCitationBrackets(sentence: string): string {
  return sentence.replace(/\[(\d+(?:\s*[,–-]\s*\d+)*)\]/g, '(ref. $1)');
}
