import type { GoldSpec } from './eval.types';

/**
 * An evidence paragraph counts as retrieved when a context holds at least this share of its words, counted as
 * 3-word runs in order: a long context (a whole section at 8192 tokens) must not collect loose words from anywhere.
 */
export const EVIDENCE_WORD_SHARE = 0.6;
export const SHINGLE_WORDS = 3;
/** Shorter evidence (a table caption) is matched as a phrase: a word share of a few words matches anything. */
export const MIN_SHARE_WORDS = 10;
const FLOAT_PREFIX = /^FLOAT SELECTED:\s*/i;

/**
 * Lower-case words separated by single spaces. PDF text extraction moves spaces around punctuation ("[1] ."),
 * rejoins hyphenated words and swaps quote characters, so matching compares words, not characters.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .join(' ');
}

/** Whether `phrase` occurs in `text` as whole words, both already normalised. */
export function containsPhrase(normalisedText: string, normalisedPhrase: string): boolean {
  if (normalisedPhrase.length === 0) return false;
  return ` ${normalisedText} `.includes(` ${normalisedPhrase} `);
}

/** Share (0–1) of the distinct 3-word runs of `paragraph` that also occur in `text`; both already normalised. */
export function wordShare(normalisedText: string, normalisedParagraph: string): number {
  const wanted = shingles(normalisedParagraph);
  if (wanted.size === 0) return 0;
  const present = shingles(normalisedText);
  let found = 0;
  for (const run of wanted) if (present.has(run)) found++;
  return found / wanted.size;
}

function shingles(normalised: string): Set<string> {
  const words = normalised.split(' ').filter((w) => w.length > 0);
  const runs = new Set<string>();
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) runs.add(words.slice(i, i + SHINGLE_WORDS).join(' '));
  return runs;
}

/** A gold spec compiled once per question, so scoring thousands of contexts does not renormalise it. */
export class GoldMatcher {
  private readonly answers: string[];
  private readonly phrases: string[];
  private readonly paragraphs: string[];

  constructor(gold: GoldSpec) {
    this.answers = unique(gold.answers.map(normaliseText));
    const evidence = unique(gold.evidenceParagraphs.map((p) => normaliseText(p.replace(FLOAT_PREFIX, ''))));
    this.paragraphs = evidence.filter((p) => distinctWords(p) >= MIN_SHARE_WORDS);
    this.phrases = evidence.filter((p) => distinctWords(p) < MIN_SHARE_WORDS);
  }

  /** Whether a context's text is evidence: it contains an answer or short evidence phrase, or most of an evidence paragraph. */
  isEvidence(contextText: string): boolean {
    const text = normaliseText(contextText);
    if (this.answers.some((answer) => containsPhrase(text, answer))) return true;
    if (this.phrases.some((phrase) => containsPhrase(text, phrase))) return true;
    return this.paragraphs.some((paragraph) => wordShare(text, paragraph) >= EVIDENCE_WORD_SHARE);
  }
}

function distinctWords(normalised: string): number {
  return new Set(normalised.split(' ').filter((w) => w.length > 0)).size;
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((v) => v.length > 0))];
}
