import { sentenceWordCount, stemmedQuestionTerms } from '@lectern/text';
import type { PassageContext } from '../parent-expansion';
import type { AnswerSource } from './answer-sources';
import { sentenceProbability, type SentenceFeatures, type SentenceModel } from './sentence-features';
import { SENTENCE_MODEL } from './sentence-ranker.model';
import { isSignpost, restatementTest } from './non-answer.rules';
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
  /** The learned model's probability that the sentence holds the answer (or its start); 0 when not a candidate. */
  score: number;
  /** The hand-weighted score (scorer plus RankerWeights' signals), one of the model's features. */
  handScore: number;
  /** What the model read; absent when the sentence is no candidate. */
  features?: SentenceFeatures;
}

/** A context's sentences in reading order: the composer reads neighbours from here. */
export interface RankedContext {
  source: AnswerSource;
  context: PassageContext;
  sentences: RankedSentence[];
}

export interface SentenceRanking {
  contexts: RankedContext[];
  /** Candidate sentences, best first (ties: retrieval rank, then reading order); empty when none matches the question. */
  ranked: RankedSentence[];
}

/**
 * Ranks every sentence of the first `weights.sources` sources for a question with a logistic model
 * (SENTENCE_MODEL, fitted on half of the COVID-QA dev construction) over the scorer's parts, how close together the
 * matched terms sit, the question's word pairs, the context's and the neighbours' coverage, position, length,
 * novelty and the source's retrieval rank. Candidates are quotable sentences that match the question themselves
 * (scoreSentence > 0) or sit beside one that does: an answer often names no question word ("It ranges from 2 to 14
 * days.").
 */
export function rankSentences(
  question: string,
  sources: readonly AnswerSource[],
  termWeights?: TermWeights,
  weights: RankerWeights = DEFAULT_RANKER_WEIGHTS,
  model: SentenceModel = SENTENCE_MODEL,
): SentenceRanking {
  const terms = weightedQuestionTerms(question, termWeights);
  const type = questionType(question);
  const restatesQuestion = restatementTest(question, terms, type);
  const citationsAsked = asksAboutCitations(question);
  const questionPairs = adjacentPairs(question);
  const rarest = [...terms.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const contexts: RankedContext[] = [];
  const candidates: RankedSentence[] = [];
  let matched = false;
  const ranked = sources.slice(0, weights.sources);
  // Each context's text stemmed once: for its own coverage and for its paper's.
  const textStems = new Map(ranked.flatMap((source) => source.contexts.map((context) => [context, stemSet(context.text)] as const)));
  const articles = articleSignals(ranked, terms, textStems);
  ranked.forEach((source, sourceRank) => {
    const article = articles.get(source.article.id)!;
    for (const context of source.contexts) {
      const setting = { kind: context.kind, section: context.section, articleTitle: source.article.title };
      const contextCoverage = weightedCoverage(terms, textStems.get(context)!);
      // Under a heading naming the question, the heading's words stand beside each sentence (as in scoreSentence).
      const headingNamed = titleCoverage(context.section.title, terms) > 0;
      const heading = headingNamed ? `${context.section.title}. ` : '';
      const spans = sentencesWithSpans(context.text);
      const spanStems = spans.map((s) => stemSet(s.text));
      const own = spanStems.map((stems) => weightedCoverage(terms, stems));
      const sentences = spans.map((sentence, index): RankedSentence => {
        const base = {
          text: sentence.text,
          span: { start: sentence.start, end: sentence.end },
          source,
          context,
          sourceRank,
          index,
          words: sentenceWordCount(sentence.text),
        };
        const captioned = CAPTION_LABEL.test(spans[index - 1]?.text ?? '');
        if (captioned || !isQuotable(sentence.text, setting, citationsAsked))
          return { ...base, quotable: false, coverage: 0, score: 0, handScore: 0 };
        const scored = scoreSentence(sentence.text, setting, terms, type, question, spans[index - 1]?.text ?? '', {
          sentence: spanStems[index],
          previous: spanStems[index - 1],
        });
        const previousCoverage = own[index - 1] ?? 0;
        const nextCoverage = own[index + 1] ?? 0;
        if (scored.score <= 0 && previousCoverage === 0 && nextCoverage === 0)
          return { ...base, quotable: true, coverage: scored.coverage, score: 0, handScore: 0 };
        if (scored.score > 0) matched = true;
        if ((headingNamed && restatesQuestion(spanStems[index])) || isSignpost(sentence.text))
          return { ...base, quotable: true, coverage: scored.coverage, score: 0, handScore: 0 };
        // Stemmed once (with a heading naming the question) for the closeness, the word pairs and the novelty.
        const stems = stemmedQuestionTerms(heading + sentence.text);
        const near = proximityOf(stems, terms);
        const pairs = pairShare(questionPairs, pairsOf(stems));
        const handScore =
          scored.score > 0
            ? scored.score +
              weights.proximity * near +
              weights.context * contextCoverage +
              weights.neighbours * Math.max(previousCoverage, nextCoverage) +
              weights.phrases * pairs +
              weights.rankPrior / (1 + sourceRank)
            : 0;
        const features: SentenceFeatures = {
          score: scored.score,
          titled: scored.parts.titled,
          coverage: scored.coverage,
          shape: scored.parts.shape,
          definition: scored.parts.definition,
          fragment: scored.parts.fragment,
          enumeration: scored.parts.enumeration,
          background: scored.parts.background,
          anaphor: scored.parts.anaphor,
          proximity: near,
          context: contextCoverage,
          previousCoverage,
          nextCoverage,
          pairs,
          rankPrior: 1 / (1 + sourceRank),
          anchor: context.id === source.anchor.id ? 1 : 0,
          first: index === 0 ? 1 : 0,
          position: spans.length > 1 ? index / (spans.length - 1) : 0,
          logWords: Math.log(base.words),
          digits: /\d/.test(sentence.text) ? 1 : 0,
          // With the heading, as the other matches: under "Assessment of X" the method's words are not all news.
          novelty: stems.length > 0 ? stems.filter((stem) => !terms.has(stem)).length / stems.length : 0,
          headingNamed: headingNamed ? 1 : 0,
          rarest: rarest !== undefined && stems.includes(rarest) ? 1 : 0,
          scoreGap: 0,
          titledGap: 0,
          handRank: 0,
          articleShare: article.share,
          articleFirst: source.article.id === ranked[0].article.id ? 1 : 0,
          articleCoverage: article.coverage,
        };
        return { ...base, quotable: true, coverage: scored.coverage, score: 0, handScore, features };
      });
      contexts.push({ source, context, sentences });
      candidates.push(...sentences.filter((s) => s.features !== undefined));
    }
  });
  if (!matched) return { contexts, ranked: [] };
  scoreCandidates(candidates, model);
  candidates.sort((a, b) => b.score - a.score || a.sourceRank - b.sourceRank || a.index - b.index);
  return { contexts, ranked: candidates };
}

/** Per paper among the ranked sources: its rank-weighted share of them, and how much of the question they cover. */
function articleSignals(
  sources: readonly AnswerSource[],
  terms: ReadonlyMap<string, number>,
  textStems: ReadonlyMap<PassageContext, ReadonlySet<string>>,
): Map<string, { share: number; coverage: number }> {
  const weight = new Map<string, number>();
  const stems = new Map<string, Set<string>>();
  let total = 0;
  sources.forEach((source, rank) => {
    const id = source.article.id;
    weight.set(id, (weight.get(id) ?? 0) + 1 / (1 + rank));
    total += 1 / (1 + rank);
    const held = stems.get(id) ?? stemSet(source.article.title);
    for (const context of source.contexts) {
      for (const stem of stemSet(context.section.title)) held.add(stem);
      for (const stem of textStems.get(context)!) held.add(stem);
    }
    stems.set(id, held);
  });
  return new Map([...weight].map(([id, w]) => [id, { share: w / total, coverage: weightedCoverage(terms, stems.get(id)!) }]));
}

/** The features that compare a candidate with the others of its question, then the model's probability. */
function scoreCandidates(candidates: RankedSentence[], model: SentenceModel): void {
  const bestScore = Math.max(...candidates.map((s) => s.features!.score));
  const bestTitled = Math.max(...candidates.map((s) => s.features!.titled));
  const byHand = [...candidates].sort((a, b) => b.handScore - a.handScore || a.sourceRank - b.sourceRank || a.index - b.index);
  byHand.forEach((sentence, rank) => {
    const features = sentence.features!;
    features.scoreGap = features.score - bestScore;
    features.titledGap = features.titled - bestTitled;
    features.handRank = sentence.handScore > 0 ? 1 / (1 + rank) : 0;
    sentence.score = sentenceProbability(model, features);
  });
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
