import { LlmRejectedError, LlmUnavailableError, type ToolCallingLlm } from '@lectern/llm';
import { TiktokenCounter, type TokenCounter } from '@lectern/text';
import { InvalidExploreError } from './agent.errors';
import { extractAnswer } from './extractive-answer';
import { ExploreSession, type Clock, type NavigatorEnding } from './explore.session';
import {
  DEFAULT_EXPLORE_BUDGET,
  MAX_EXPLORE_STEPS,
  type AgentSearch,
  type ExploreBudget,
  type ExploreCitation,
  type ExploreEvent,
  type ExploreRequest,
  type ExploreResult,
} from './explore.types';
import { navigateHeuristically } from './heuristic.navigator';
import { navigateWithLlm } from './llm.navigator';
import { PaperReader, type PaperReaderCorpus } from './paper.reader';

export const NOTICE_HEURISTIC =
  'No LLM is configured: a deterministic navigator read the paper and the answer is extracted from what it read.';
export const NO_EXPLORE_ANSWER = 'The sections read do not answer the question.';
export const NOTICE_HEURISTIC_LLM_DOWN =
  'The LLM could not be reached: a deterministic navigator read the paper and the answer is extracted from what it read.';

export interface ExploreAgentDeps {
  corpus: PaperReaderCorpus;
  search: AgentSearch;
  /** Null: the heuristic navigator. */
  llm: ToolCallingLlm | null;
  counter?: TokenCounter;
  clock?: Clock;
}

/** `/explore`: an agent that reads a project's papers section by section until it can answer, and shows its trail. */
export class ExploreAgent {
  private readonly counter: TokenCounter;
  private readonly clock: Clock;

  constructor(private readonly deps: ExploreAgentDeps) {
    this.counter = deps.counter ?? new TiktokenCounter();
    this.clock = deps.clock ?? (() => performance.now());
  }

  async explore(request: ExploreRequest): Promise<ExploreResult> {
    const run = this.run(request);
    for (;;) {
      const next = await run.next();
      if (next.done) return next.value;
    }
  }

  /** step* and token* as they happen, then answer, then done with the whole result. */
  async *events(request: ExploreRequest): AsyncGenerator<ExploreEvent> {
    yield* this.run(request);
  }

  private async *run(request: ExploreRequest): AsyncGenerator<ExploreEvent, ExploreResult> {
    const question = request.question.trim();
    if (question === '') throw new InvalidExploreError('the question is empty');
    if (request.articleId && !this.deps.corpus.getArticle(request.articleId))
      throw new InvalidExploreError(`no article ${JSON.stringify(request.articleId)}`);
    const budget = budgetOf(request.budget);
    const reader = new PaperReader({
      corpus: this.deps.corpus,
      search: this.deps.search,
      searchMode: request.searchMode ?? 'hybrid',
      readTokens: budget.readTokens,
      articleId: request.articleId,
      scope: request.articleIds,
    });
    const session = new ExploreSession(reader, budget, this.counter, this.clock);
    let llmCalls = 0;
    const llm = this.deps.llm;
    let navigator: 'llm' | 'heuristic' = llm ? 'llm' : 'heuristic';
    let llmDown = false;
    let ending: NavigatorEnding | null;
    if (llm) {
      try {
        ending = yield* navigateWithLlm({
          llm,
          session,
          counter: this.counter,
          question,
          articles: this.articleLines(reader, request.articleId),
          stream: request.stream === true,
          signal: request.signal,
          onCall: () => (llmCalls += 1),
        });
      } catch (error) {
        // As ask does: an unreachable LLM degrades to the deterministic navigator, with a notice, not an error. A
        // request the server refused (4xx) is a configuration to fix, and is reported.
        if (!(error instanceof LlmUnavailableError) || error instanceof LlmRejectedError) throw error;
        navigator = 'heuristic';
        llmDown = true;
        ending = yield* navigateHeuristically(session, question, request.articleId);
      }
    } else ending = yield* navigateHeuristically(session, question, request.articleId);

    const result = this.finish(question, session, ending, navigator, llmCalls, llmDown);
    yield { event: 'answer', data: { answer: result.answer, citations: result.citations } };
    const { readSectionIds: _read, ...done } = result;
    yield { event: 'done', data: done };
    return result;
  }

  private finish(
    question: string,
    session: ExploreSession,
    ending: NavigatorEnding | null,
    navigator: 'llm' | 'heuristic',
    llmCalls: number,
    llmDown = false,
  ): ExploreResult {
    // Built in the order a reader wants the JSON: answer and citations first, the trail after.
    const base = (answer: string, citations: ExploreCitation[]) => ({
      answer,
      citations,
      steps: session.steps,
      usage: { steps: session.steps.length, tokens: session.tokens, llmCalls },
      navigator,
      readSectionIds: session.reader.readSections.map((r) => r.section.id),
    });
    const heuristicNote = navigator === 'heuristic' ? { notice: llmDown ? NOTICE_HEURISTIC_LLM_DOWN : NOTICE_HEURISTIC } : {};
    if (ending?.text) return { ...base(ending.text, ending.citations), ...heuristicNote };
    if (ending && ending.text === null) {
      return { ...base(NO_EXPLORE_ANSWER, []), notice: `The agent gave up: ${ending.reason ?? 'no reason given'}.` };
    }
    // The budget ended the loop: answer from what was read, and say so.
    const why = session.exhausted() ?? 'the model stopped without answering';
    const extracted = extractAnswer(
      question,
      session.reader.readSections,
      (id) => session.reader.titleOf(id),
      session.reader.termWeights(question),
    );
    return {
      ...base(extracted?.text ?? NO_EXPLORE_ANSWER, extracted?.citations ?? []),
      notice: `The agent did not answer: ${why}. This answer is extracted from the sections it read.`,
    };
  }

  private articleLines(reader: PaperReader, articleId?: string): string[] {
    const articles = this.deps.corpus.listArticles().filter((a) => (!articleId || a.id === articleId) && reader.inScope(a.id));
    return articles.map((a) => `- article_id=${a.id}: "${a.title}" (${a.pageCount} pages)`);
  }
}

function budgetOf(requested: Partial<ExploreBudget> = {}): ExploreBudget {
  const budget = { ...DEFAULT_EXPLORE_BUDGET, ...Object.fromEntries(Object.entries(requested).filter(([, v]) => v !== undefined)) };
  if (!Number.isInteger(budget.maxSteps) || budget.maxSteps < 1 || budget.maxSteps > MAX_EXPLORE_STEPS) {
    throw new InvalidExploreError(`maxSteps must be from 1 to ${MAX_EXPLORE_STEPS}`);
  }
  return budget;
}
