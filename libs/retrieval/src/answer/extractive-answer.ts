import { splitSentences, stemmedQuestionTerms } from '@lectern/text';
import type { PassageContext } from '../parent-expansion';
import { citationOf, type AnswerSource } from './answer-sources';
import type { Answer, Citation } from './answer.types';

export const MIN_EXTRACTED_SENTENCES = 2;
export const MAX_EXTRACTED_SENTENCES = 4;
/** A sentence this much weaker than the best adds noise, not support, unless it is needed to reach the minimum. */
const RELATIVE_CUTOFF = 0.5;
const MIN_SENTENCE_WORDS = 4;
const MAX_SENTENCE_CHARS = 600;
/** The section number of a paper's references (DESIGN.md). */
const REFERENCES_SECTION_NUMBER = 'ref';

/**
 * Share of the question's distinct terms the sources must contain somewhere. Below it the sources are about
 * something else ("the boiling point of zebra marmalade" matches only "point"), and the answer says so.
 */
export const MIN_QUESTION_COVERAGE = 0.5;

interface Candidate {
  text: string;
  source: AnswerSource;
  context: PassageContext;
  /** Source rank, then reading position: the tie-break and the order sentences are read in. */
  order: number;
  terms: Set<string>;
  score: number;
}

/**
 * The answer without an LLM: the 2–4 sentences of the sources that share the most (idf-weighted) question terms,
 * best first, each followed by the `[n]` of its own context. Null when no sentence shares a term with the question,
 * or the sources together hold less than MIN_QUESTION_COVERAGE of its terms.
 */
export function extractiveAnswer(question: string, sources: readonly AnswerSource[], notice: string): Answer | null {
  const wanted = new Set(stemmedQuestionTerms(question));
  if (wanted.size === 0) return null;
  const candidates: Candidate[] = [];
  for (const source of sources) {
    for (const context of source.contexts) {
      // Bibliography entries share every keyword of their topic but answer nothing; tables and formulas read badly.
      if (context.kind !== 'text' || context.section.number === REFERENCES_SECTION_NUMBER) continue;
      for (const sentence of splitSentences(context.text)) {
        if (sentence.length > MAX_SENTENCE_CHARS || sentence.split(/\s+/).length < MIN_SENTENCE_WORDS) continue;
        const terms = new Set(stemmedQuestionTerms(sentence).filter((term) => wanted.has(term)));
        candidates.push({ text: sentence, source, context, order: candidates.length, terms, score: 0 });
      }
    }
  }
  // Rare question terms decide: a sentence with "crenarchaeota" beats five with "marine".
  const documentFrequency = new Map<string, number>();
  for (const candidate of candidates)
    for (const term of candidate.terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  for (const candidate of candidates) {
    for (const term of candidate.terms) candidate.score += Math.log(1 + candidates.length / documentFrequency.get(term)!);
  }
  if (documentFrequency.size < wanted.size * MIN_QUESTION_COVERAGE) return null;
  const ranked = candidates.filter((c) => c.score > 0).sort((a, b) => b.score - a.score || a.order - b.order);
  if (ranked.length === 0) return null;
  const chosen = ranked
    .slice(0, MAX_EXTRACTED_SENTENCES)
    .filter((candidate, i) => i < MIN_EXTRACTED_SENTENCES || candidate.score >= ranked[0].score * RELATIVE_CUTOFF);

  // Citations number the cited contexts in order of first use, so each sentence points at its own page.
  const citations: Citation[] = [];
  const numberOf = new Map<string, number>();
  const parts = chosen.map((candidate) => {
    let n = numberOf.get(candidate.context.id);
    if (n === undefined) {
      n = citations.length + 1;
      numberOf.set(candidate.context.id, n);
      citations.push(citationOf(candidate.source, candidate.context, n));
    }
    return `${withoutCitationBrackets(candidate.text)} [${n}]`;
  });
  return { answer: parts.join(' '), citations, llm: false, notice };
}

/**
 * A quoted sentence keeps the paper's own references ("as shown in [2]") but not in brackets: `[n]` in an answer
 * means one of its sources, and the paper's [2] is not source 2. They become "(ref. 2)".
 */
export function withoutCitationBrackets(sentence: string): string {
  return sentence.replace(/\[(\d+(?:\s*[,–-]\s*\d+)*)\]/g, '(ref. $1)');
}
