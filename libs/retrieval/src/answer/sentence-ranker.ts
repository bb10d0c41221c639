import { stemmedQuestionTerms } from '@lectern/text';
import type { PassageContext } from '../parent-expansion';
import type { AnswerSource } from './answer-sources';
import {
  asksAboutCitations,
  isQuotable,
  questionType,
  scoreSentence,
  sentencesWithSpans,
  stemSet,
  titleCoverage,
  weightedCoverage,
  weightedQuestionTerms,
  type TermWeights,
} from './sentence-scorer';

/** How much each signal adds to a sentence's score; the defaults were tuned on half of the COVID-QA dev construction. */
export interface RankerWeights {
  /** The retrieval order as a prior: weight / (1 + rank) of the sentence's source. */
  rankPrior: number;
  /** Share of the question's weight the sentence's own matches hold within a short window of one another. */
  proximity: number;
  /** The whole context's coverage of the question: a sentence in a passage about the question is likelier the answer. */
  context: number;
  /** Coverage by the sentences on either side: an answer sits among sentences about the same thing. */
  neighbours: number;
  /** Share of the question's adjacent content-word pairs ("airway inflammatory") the sentence holds adjacent too. */
  phrases: number;
  /** Sources whose sentences are ranked, in retrieval order. */
  sources: number;
}

export const DEFAULT_RANKER_WEIGHTS: RankerWeights = {
  rankPrior: 0.08,
  proximity: 0.1,
  context: 0.1,
  neighbours: 0.05,
  phrases: 0.4,
  sources: 8,
};

/** "Figure 2." split off as a sentence of its own: what follows it is the caption, not the text. */
const CAPTION_LABEL = /^\s*(fig\.?|figure|table|tab\.)\s*[A-Z]?\d+[a-z]?\s*[.:]?\s*$/i;

/** A window of this many content words counts as "close together" for proximity. */
const PROXIMITY_WINDOW = 8;

/** One sentence of a source's context, quotable or not, with its score (0 when not quotable or unmatched). */
export interface RankedSentence {
  text: string;
  span: { start: number; end: number };
  source: AnswerSource;
  context: PassageContext;
  /** The source's retrieval rank, 0-based. */
  sourceRank: number;
  /** Position among its context's sentences. */
  index: number;
  words: number;
  quotable: boolean;
  /** The question's idf-weighted share the sentence holds (with pronoun carry-over and heading terms). */
  coverage: number;
  score: number;
}

/** A context's sentences in reading order: the composer reads neighbours from here. */
export interface RankedContext {
  source: AnswerSource;
  context: PassageContext;
  sentences: RankedSentence[];
}

export interface SentenceRanking {
  contexts: RankedContext[];
  /** Quotable sentences with a positive score, best first (ties: retrieval rank, then reading order). */
  ranked: RankedSentence[];
}

/**
 * Ranks every sentence of the first `weights.sources` sources for a question: the scorer's idf-weighted coverage,
 * answer shape and heading match, plus how close together the matched terms sit, how much of the question the whole
 * context and the neighbouring sentences hold, and the source's retrieval rank as a prior.
 */
export function rankSentences(
  question: string,
  sources: readonly AnswerSource[],
  termWeights?: TermWeights,
  weights: RankerWeights = DEFAULT_RANKER_WEIGHTS,
): SentenceRanking {
  const terms = weightedQuestionTerms(question, termWeights);
  const type = questionType(question);
  const citationsAsked = asksAboutCitations(question);
  const questionPairs = adjacentPairs(question);
  const contexts: RankedContext[] = [];
  const ranked: RankedSentence[] = [];
  sources.slice(0, weights.sources).forEach((source, sourceRank) => {
    for (const context of source.contexts) {
      const setting = { kind: context.kind, section: context.section, articleTitle: source.article.title };
      const contextCoverage = weightedCoverage(terms, stemSet(context.text));
      // Under a heading naming the question, the heading's words stand beside each sentence (as in scoreSentence).
      const heading = titleCoverage(context.section.title, terms) > 0 ? `${context.section.title}. ` : '';
      const spans = sentencesWithSpans(context.text);
      const own = spans.map((s) => weightedCoverage(terms, stemSet(s.text)));
      const sentences = spans.map((sentence, index): RankedSentence => {
        const base = {
          text: sentence.text,
          span: { start: sentence.start, end: sentence.end },
          source,
          context,
          sourceRank,
          index,
          words: sentence.text.split(/\s+/).length,
        };
        const captioned = CAPTION_LABEL.test(spans[index - 1]?.text ?? '');
        if (captioned || !isQuotable(sentence.text, setting, citationsAsked)) return { ...base, quotable: false, coverage: 0, score: 0 };
        const scored = scoreSentence(sentence.text, setting, terms, type, question, spans[index - 1]?.text ?? '');
        if (scored.score <= 0) return { ...base, quotable: true, coverage: scored.coverage, score: 0 };
        const around = Math.max(own[index - 1] ?? 0, own[index + 1] ?? 0);
        // Stemmed once for both the closeness and the word-pair measure.
        const stems = stemmedQuestionTerms(heading + sentence.text);
        const score =
          scored.score +
          weights.proximity * proximityOf(stems, terms) +
          weights.context * contextCoverage +
          weights.neighbours * around +
          weights.phrases * pairShare(questionPairs, pairsOf(stems)) +
          weights.rankPrior / (1 + sourceRank);
        return { ...base, quotable: true, coverage: scored.coverage, score };
      });
      contexts.push({ source, context, sentences });
      ranked.push(...sentences.filter((s) => s.score > 0));
    }
  });
  ranked.sort((a, b) => b.score - a.score || a.sourceRank - b.sourceRank || a.index - b.index);
  return { contexts, ranked };
}

/**
 * The largest idf-weighted share of the question's terms found within any PROXIMITY_WINDOW consecutive content words
 * of the sentence: "incubation period of 5 days" holds its terms together; a long sentence that names each once, far
 * apart, less so.
 */
export function proximity(sentence: string, terms: ReadonlyMap<string, number>): number {
  return proximityOf(stemmedQuestionTerms(sentence), terms);
}

function proximityOf(stems: readonly string[], terms: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const weight of terms.values()) total += weight;
  if (total === 0) return 0;
  let best = 0;
  for (let start = 0; start < stems.length; start++) {
    if (!terms.has(stems[start])) continue;
    const seen = new Set(stems.slice(start, start + PROXIMITY_WINDOW).filter((s) => terms.has(s)));
    let weight = 0;
    for (const stem of seen) weight += terms.get(stem)!;
    best = Math.max(best, weight / total);
  }
  return best;
}

/** Adjacent content-word stems of a text, stopwords skipped: "sources of exacerbation" holds "sourc exacerb". */
export function adjacentPairs(text: string): Set<string> {
  return pairsOf(stemmedQuestionTerms(text));
}

function pairsOf(stems: readonly string[]): Set<string> {
  const pairs = new Set<string>();
  for (let i = 1; i < stems.length; i++) pairs.add(`${stems[i - 1]} ${stems[i]}`);
  return pairs;
}

function pairShare(wanted: ReadonlySet<string>, held: ReadonlySet<string>): number {
  if (wanted.size === 0) return 0;
  let found = 0;
  for (const pair of wanted) if (held.has(pair)) found += 1;
  return found / wanted.size;
}
