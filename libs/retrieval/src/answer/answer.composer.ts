import { countChatTokens, fitMessages, LlmUnavailableError, type ChatMessage, type LlmClient } from '@lectern/llm';
import { TiktokenCounter, type TokenCounter } from '@lectern/text';
import { buildSources, type AnswerSource } from './answer-sources';
import { answerMessages } from './answer.prompt';
import {
  NO_ANSWER_TEXT,
  NOTICE_LLM_DOWN,
  NOTICE_NO_LLM,
  type Answer,
  type AnswerEvent,
  type AnswerSourcesInput,
  type Citation,
} from './answer.types';
import { citedNumbers } from './citation-markers';
import { evidenceOf, isTooWeak, type Evidence } from './evidence';
import { extractiveAnswer } from './extractive-answer';
import { supportedCitation } from './supporting-sentence';

export interface AnswerComposerOptions {
  /** Tokens of source text in the prompt; sources beyond it (in rank order) are left out. */
  sourceTokens?: number;
  /** The most recent turns of the conversation that are sent along, by count and by tokens. */
  historyMessages?: number;
  historyTokens?: number;
  maxAnswerTokens?: number;
  counter?: TokenCounter;
  /** Evidence score below which the answer is the no-answer text (default: `isTooWeak`'s threshold for the evidence, lexical or reranked). */
  abstainBelow?: number;
}

export interface AnswerOptions {
  signal?: AbortSignal;
}

export const DEFAULT_SOURCE_TOKENS = 6000;
export const DEFAULT_HISTORY_MESSAGES = 6;
export const DEFAULT_HISTORY_TOKENS = 1500;
export const DEFAULT_MAX_ANSWER_TOKENS = 1024;
export const NOTICE_LLM_STOPPED = 'The LLM stopped answering part-way; the answer may be incomplete.';

type Plan =
  { kind: 'ready'; answer: Answer } | { kind: 'llm'; llm: LlmClient; sources: AnswerSource[]; messages: ChatMessage[]; evidence: Evidence };

/**
 * Answers a question from retrieved sources: the large model with numbered `[n]` sources and citations mapped back
 * to (article, section, page); without an LLM, or when it is down, the best sentences of the sources, cited. When
 * retrieval found nothing relevant it says so without asking the LLM.
 */
export class AnswerComposer {
  private readonly counter: TokenCounter;

  constructor(
    private readonly llm: LlmClient | null,
    private readonly options: AnswerComposerOptions = {},
  ) {
    this.counter = options.counter ?? new TiktokenCounter();
  }

  async answer(
    question: string,
    history: readonly ChatMessage[],
    result: AnswerSourcesInput,
    options: AnswerOptions = {},
  ): Promise<Answer> {
    const plan = this.plan(question, history, result);
    if (plan.kind === 'ready') return plan.answer;
    let text: string;
    try {
      text = await plan.llm.complete(plan.messages, this.completionOptions(options));
    } catch (error) {
      if (error instanceof LlmUnavailableError) return this.extractive(question, plan.sources, NOTICE_LLM_DOWN, result, plan.evidence);
      throw error;
    }
    return { ...llmAnswer(text, plan.sources), evidence: plan.evidence };
  }

  /** Tokens as the LLM writes them, each citation as soon as its marker is complete, then the whole answer. */
  async *answerStream(
    question: string,
    history: readonly ChatMessage[],
    result: AnswerSourcesInput,
    options: AnswerOptions = {},
  ): AsyncIterable<AnswerEvent> {
    const plan = this.plan(question, history, result);
    if (plan.kind === 'ready') {
      yield* replay(plan.answer);
      return;
    }
    let text = '';
    const emitted = new Set<number>();
    try {
      for await (const delta of plan.llm.stream(plan.messages, this.completionOptions(options))) {
        if (delta.length === 0) continue;
        text += delta;
        yield { type: 'token', text: delta };
        for (const n of citedNumbers(text, plan.sources.length)) {
          if (emitted.has(n)) continue;
          emitted.add(n);
          yield { type: 'citation', citation: supportedCitation(text, n, plan.sources) };
        }
      }
    } catch (error) {
      if (!(error instanceof LlmUnavailableError)) throw error;
      if (text.trim().length === 0) {
        yield* replay(this.extractive(question, plan.sources, NOTICE_LLM_DOWN, result, plan.evidence));
        return;
      }
      yield { type: 'done', answer: { ...llmAnswer(text, plan.sources), notice: NOTICE_LLM_STOPPED } };
      return;
    }
    const answer = { ...llmAnswer(text, plan.sources), evidence: plan.evidence };
    // The empty-answer fallback says something the stream has not: send it as a token so the text matches.
    if (text.trim().length === 0) yield { type: 'token', text: answer.answer };
    yield { type: 'done', answer };
  }

  private plan(question: string, history: readonly ChatMessage[], result: AnswerSourcesInput): Plan {
    const sources = buildSources(result, { maxTokens: this.options.sourceTokens ?? DEFAULT_SOURCE_TOKENS, counter: this.counter });
    if (sources.length === 0) return { kind: 'ready', answer: { answer: NO_ANSWER_TEXT, citations: [], llm: false } };
    // Too little of the question in the best source: say so, with or without an LLM (the same everywhere).
    const evidence = evidenceOf(question, result.termWeights, result);
    if (isTooWeak(evidence, this.options.abstainBelow)) {
      // A refusal quotes nothing, so it carries no notice about quoting (no LLM, or the LLM down).
      return { kind: 'ready', answer: { answer: NO_ANSWER_TEXT, citations: [], llm: false, evidence } };
    }
    if (!this.llm) return { kind: 'ready', answer: this.extractive(question, sources, NOTICE_NO_LLM, result, evidence) };
    const maxMessages = this.options.historyMessages ?? DEFAULT_HISTORY_MESSAGES;
    const recent = history.filter((message) => message.role !== 'system').slice(-maxMessages);
    const messages = answerMessages(question, recent, sources);
    // History turns go oldest first until they fit beside the instructions, the sources and the question.
    const required = countChatTokens([messages[0], messages[messages.length - 1]], this.counter);
    const historyTokens = this.options.historyTokens ?? DEFAULT_HISTORY_TOKENS;
    return { kind: 'llm', llm: this.llm, sources, messages: fitMessages(messages, required + historyTokens, this.counter), evidence };
  }

  /** The plan's evidence travels with the answer: measured once, in `plan`. */
  private extractive(
    question: string,
    sources: readonly AnswerSource[],
    notice: string,
    result: AnswerSourcesInput,
    evidence: Evidence,
  ): Answer {
    const answer = extractiveAnswer(question, sources, notice, { termWeights: result.termWeights });
    return { ...(answer ?? { answer: NO_ANSWER_TEXT, citations: [], llm: false }), evidence };
  }

  private completionOptions(options: AnswerOptions) {
    return {
      model: 'large' as const,
      temperature: 0.1,
      maxTokens: this.options.maxAnswerTokens ?? DEFAULT_MAX_ANSWER_TOKENS,
      signal: options.signal,
    };
  }
}

function llmAnswer(text: string, sources: readonly AnswerSource[]): Answer {
  const answer = text.trim().length > 0 ? text.trim() : NO_ANSWER_TEXT;
  // The model abstained (the prompt tells it how): no source supports a refusal.
  if (answer.includes(NO_ANSWER_TEXT)) return { answer, citations: [], llm: true };
  const citations: Citation[] = citedNumbers(answer, sources.length).map((n) => supportedCitation(answer, n, sources));
  return { answer, citations, llm: true };
}

function* replay(answer: Answer): Iterable<AnswerEvent> {
  yield { type: 'token', text: answer.answer };
  for (const citation of answer.citations) yield { type: 'citation', citation };
  yield { type: 'done', answer };
}
