import { citationOf, type AnswerSource } from './answer-sources';
import type { Citation } from './answer.types';
import { citedNumbers } from './citation-markers';
import { sentencesWithSpans, stemSet, weightedCoverage } from './sentence-scorer';

const MARKER_GROUP = /\[[\d\s,–-]+\]/g;

/**
 * The citation of source `n` as the answer uses it: the source's sentence that shares most words with the claim the
 * marker closes (the answer's text from the previous sentence end up to the marker), with its span. The source's
 * best hit when no sentence shares a word.
 */
export function supportedCitation(answer: string, n: number, sources: readonly AnswerSource[]): Citation {
  const source = sources[n - 1];
  const claim = claimBefore(answer, n, sources.length);
  const terms = new Map([...stemSet(claim)].map((t) => [t, 1]));
  let best: { coverage: number; citation: Citation } | null = null;
  for (const context of source.contexts) {
    for (const sentence of sentencesWithSpans(context.text)) {
      const coverage = weightedCoverage(terms, stemSet(sentence.text));
      if (coverage > 0 && (!best || coverage > best.coverage)) {
        const span = { start: sentence.start, end: sentence.end };
        best = { coverage, citation: { ...citationOf(source, context, source.n, span), quote: sentence.text, span } };
      }
    }
  }
  return best?.citation ?? citationOf(source);
}

/** The text of the sentence a marker for `n` closes: from the previous sentence end (or marker) to the marker. */
export function claimBefore(answer: string, n: number, count: number): string {
  for (const match of answer.matchAll(MARKER_GROUP)) {
    if (!citedNumbers(match[0], count).includes(n)) continue;
    const before = answer.slice(0, match.index);
    const cut = Math.max(before.search(/[^.!?\]]*$/), 0);
    return before.slice(cut).replace(MARKER_GROUP, ' ');
  }
  return answer;
}
