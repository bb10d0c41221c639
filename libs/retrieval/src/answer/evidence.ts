import type { AnswerSource } from './answer-sources';
import type { AnswerSourcesInput } from './answer.types';
import { stemmedQuestionTerms } from '@lectern/text';
import { stemSet, weightedCoverage } from './sentence-scorer';

/**
 * How strongly the sources bear on the question: the idf-weighted share of the question's terms held by the best
 * single context (with its section title and its paper's title). A question about a paper that is not in the project shares its common
 * words with many contexts, but its rare ones — the disease, the method, the place — with none.
 */
export interface Evidence {
  /** 0..1; 0 when there is no source or the question has no content word. */
  coverage: number;
  /** 0..1: share of the question's adjacent content-word pairs ("incubation period") the best context holds too. */
  phrases: number;
  /** The context that holds it, when any. */
  contextId: string | null;
}

/**
 * Below this coverage the answer is "the sources don't say". Chosen on the COVID-QA dev construction (half the
 * articles ingested, the other half's questions asked as unanswerable; `npm run eval`, bench/RESULTS.md): the
 * highest threshold whose wrongful refusals on answerable questions stay at or under 5%.
 */
export const ABSTAIN_BELOW_COVERAGE = 0.54;

type EvidenceContext = { id: string; text: string; section: { title: string }; articleTitle: string };

/** Over every context retrieved (passages and hits), whether or not the prompt's token budget takes it. */
export function evidenceOf(
  terms: ReadonlyMap<string, number>,
  input: AnswerSourcesInput | readonly AnswerSource[],
  question = '',
): Evidence {
  const pairs = pairsOf(question);
  let best: Evidence = { coverage: 0, phrases: 0, contextId: null };
  if (terms.size === 0) return best;
  const contexts: EvidenceContext[] = Array.isArray(input)
    ? (input as readonly AnswerSource[]).flatMap((source) => source.contexts.map((c) => ({ ...c, articleTitle: source.article.title })))
    : [
        ...(input as AnswerSourcesInput).passages.flatMap((passage) =>
          passage.contexts.map((c) => ({ ...c, articleTitle: passage.article.title })),
        ),
        ...(input as AnswerSourcesInput).hits.map((hit) => ({
          id: hit.contextId,
          text: hit.text,
          section: hit.section,
          articleTitle: hit.article.title,
        })),
      ];
  const seen = new Set<string>();
  for (const context of contexts) {
    if (seen.has(context.id)) continue;
    seen.add(context.id);
    // A passage is about its paper: the paper's title ("Semantic Scholar") and its heading count as its words.
    const coverage = weightedCoverage(terms, stemSet(`${context.articleTitle}\n${context.section.title}\n${context.text}`));
    if (coverage > best.coverage) best = { coverage, phrases: 0, contextId: context.id };
  }
  if (best.contextId !== null && pairs.size > 0) {
    const context = contexts.find((c) => c.id === best.contextId)!;
    const held = pairsOf(`${context.articleTitle}\n${context.section.title}\n${context.text}`);
    let found = 0;
    for (const pair of pairs) if (held.has(pair)) found += 1;
    best.phrases = found / pairs.size;
  }
  return best;
}

/** Adjacent content-word stems of a text, as "a b" pairs. */
export function pairsOf(text: string): Set<string> {
  const stems = stemmedQuestionTerms(text);
  const pairs = new Set<string>();
  for (let i = 1; i < stems.length; i++) pairs.add(`${stems[i - 1]} ${stems[i]}`);
  return pairs;
}

export function isTooWeak(evidence: Evidence, threshold = ABSTAIN_BELOW_COVERAGE): boolean {
  return evidence.coverage < threshold;
}
