import { questionKeywords, splitSentences, wordsOf } from '@lectern/text';
import type { ReadSection } from './paper.reader';

export const MAX_EXTRACTED_SENTENCES = 3;

export interface ExtractedAnswer {
  text: string;
  /** Section ids the sentences come from, in the order used. */
  sectionIds: string[];
}

/**
 * The sentences of what was read that share most words with the question, in reading order: an answer that says
 * only what the papers say, for when there is no LLM or it ran out of budget.
 */
export function extractAnswer(question: string, read: readonly ReadSection[]): ExtractedAnswer | null {
  const terms = questionKeywords(question);
  const scored: Array<{ sentence: string; sectionId: string; score: number; order: number }> = [];
  let order = 0;
  for (const section of read) {
    for (const context of section.contexts) {
      for (const sentence of splitSentences(context.text.replace(/\s+/g, ' '))) {
        const words = new Set(wordsOf(sentence));
        let score = 0;
        for (const term of terms) if (words.has(term)) score += 1;
        // Very short fragments (a heading, "Table 2.") carry words but no answer.
        if (sentence.length >= 40 && score > 0)
          scored.push({ sentence: sentence.trim(), sectionId: section.section.id, score, order: order++ });
      }
    }
  }
  if (scored.length === 0) return null;
  const best = [...scored].sort((a, b) => b.score - a.score || a.order - b.order).slice(0, MAX_EXTRACTED_SENTENCES);
  best.sort((a, b) => a.order - b.order);
  return { text: best.map((b) => b.sentence).join(' '), sectionIds: [...new Set(best.map((b) => b.sectionId))] };
}
