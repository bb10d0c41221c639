import type { CorpusDb } from '@lectern/corpus';
import { contentWords, hasCjkLetter, porterStem, wordsOf } from '@lectern/text';
import {
  asksAboutCitations,
  looksLikeReference,
  REFERENCES_SECTION_NUMBER,
  titleCoverage,
  type TermWeights,
} from './answer/sentence-scorer';
import { weightedQuestionTerms } from './answer/sentence-scorer';
import type { SearchHit } from './search.service';

/** A hit whose section title names most of the question moves up as if its rank were divided by 1 + this × coverage. */
const TITLE_PULL = 3;
/** A reference entry moves down as if its rank were multiplied by this, unless the question asks about citations. */
const REFERENCE_PUSH = 4;

/**
 * Reorders hits by the paper's structure: a context under a heading that names what is asked ("Assessment of
 * intraepidermal nerve fiber density" for "how was intraepidermal nerve fiber density assessed?") comes up; a
 * bibliography entry, which shares every keyword of its topic and answers nothing, goes down unless the question is
 * about the literature. Scores are kept; only the order changes, stably.
 */
export function rankByStructure<T extends Pick<SearchHit, 'text' | 'section'>>(
  question: string,
  hits: readonly T[],
  weights?: TermWeights,
): T[] {
  const terms = weightedQuestionTerms(question, weights);
  const citations = asksAboutCitations(question);
  const keyed = hits.map((hit, rank) => {
    let position = rank + 1;
    position /= 1 + TITLE_PULL * titleCoverage(hit.section.title, terms);
    const reference = hit.section.number === REFERENCES_SECTION_NUMBER || looksLikeReference(hit.text.slice(0, 400));
    if (reference && !citations) position *= REFERENCE_PUSH;
    return { hit, position, rank };
  });
  keyed.sort((a, b) => a.position - b.position || a.rank - b.rank);
  return keyed.map((k) => k.hit);
}

/**
 * Corpus idf per stemmed question term (the stems the answer scorer uses): ln((N + 1) / (n + 0.5)) with n the
 * contexts holding the word, so a word no context holds weighs most and one in every context little. A CJK run counts
 * as its bigrams (as the keyword index holds it), and a bigram no context holds weighs nothing.
 */
export function questionTermWeights(corpus: Pick<CorpusDb, 'termRarity'>, question: string): Map<string, number> {
  const wordOfStem = new Map<string, string>();
  for (const word of contentWords(wordsOf(question))) {
    const stem = porterStem(word);
    if (!wordOfStem.has(stem)) wordOfStem.set(stem, word);
  }
  const rarity = corpus.termRarity([...wordOfStem.values()]);
  const weights = new Map<string, number>();
  for (const [stem, word] of wordOfStem) {
    const holding = rarity.holding.get(word) ?? 0;
    // A CJK bigram no context holds is most often two words' edges ("水中" of "饮用水中的"), not a word the answer needs.
    weights.set(stem, hasCjkLetter(word) && holding === 0 ? 0 : Math.log((rarity.rows + 1) / (holding + 0.5)));
  }
  return weights;
}
