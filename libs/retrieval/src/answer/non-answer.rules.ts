import type { QuestionType } from './question-type';

/**
 * Under a heading naming the question, whether a sentence holds nothing but the question's words and numbers: "The
 * literature graph has 12M nodes of this type" under "Node and Edge Types" repeats "what node types does the
 * literature graph contain?" and names none of the types. The heading lifts its section; it does not make such a
 * sentence an answer (the sentence's own stems are tested: the heading may name more than is asked). A number answers
 * a question asking for one (how many, when); a yes/no question is answered by restating it ("X is not applicable to
 * Y"). Decided once per question; the returned test runs per sentence.
 */
export function restatementTest(
  question: string,
  terms: ReadonlyMap<string, number>,
  type: QuestionType,
): (sentenceStems: ReadonlySet<string>) => boolean {
  if (type === 'count' || type === 'time' || YES_NO.test(question)) return () => false;
  return (stems) => stems.size > 0 && [...stems].every((stem) => terms.has(stem) || /\d/.test(stem));
}

/**
 * "In this section, we describe …", "We describe how we populate X in §4.3": the sentence says where the paper tells
 * something, not what it tells.
 */
export function isSignpost(sentence: string): boolean {
  return SIGNPOST.some((pattern) => pattern.test(sentence));
}

const SIGNPOST = [
  /^\s*(in|throughout)\s+(this|the\s+(following|next))\s+(section|subsection|chapter|part)\b/i,
  /\b(we|is|are)\s+(describe|described|discuss|discussed|present|presented|detail|detailed|explain|explained)\b[^.]*\b(in|see)\s+(§\s*\d|sections?\s+\d|appendix)/i,
];

const YES_NO = /^\s*(is|are|was|were|do|does|did|can|could|has|have|had|will|would|should|may|might)\b/i;

/**
 * Whether a sentence's meaning rests on an antecedent it does not carry: "The literature graph has 12M nodes of this
 * type", "These results …", "It was …", "the latter". Quoted without the sentence before it, it says nothing the
 * reader can resolve. "This study/paper" names the paper itself and does not lean back.
 */
export function leansBack(sentence: string): boolean {
  return LEANS_BACK.some((pattern) => pattern.test(sentence));
}

const SELF = '(study|paper|work|article|review|report|manuscript|research|analysis|survey|section)';
const LEANS_BACK = [
  /^\s*(it|its|they|their|them|he|she|his|her)\b/i,
  new RegExp(`^\\s*(this|these|those|that|such)\\s+(?!${SELF}\\b)[a-z]`, 'i'),
  /^\s*(this|these|those|both|the\s+(former|latter|same))\s*(is|are|was|were|has|have|had|can|could|may|might|will|would|shows?|showed|suggests?|indicates?|,)/i,
  /\b(of|in|for|to|with)\s+(this|these|that|those)\s+(types?|kinds?|sorts?|categor(y|ies)|class(es)?)\b/i,
  /\bthe\s+(former|latter|aforementioned)\b/i,
];
