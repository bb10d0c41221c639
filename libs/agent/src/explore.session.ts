import type { TokenCounter } from '@lectern/text';
import { InvalidToolCallError } from './agent.errors';
import { parseToolCall, type ExploreCall } from './explore-tools';
import type { ExploreBudget, ExploreCitation, ExploreStep } from './explore.types';
import type { PaperReader } from './paper.reader';

/** How a call ended: text for the agent, or the end of the loop with an answer or a give-up. */
export type CallOutcome =
  | { kind: 'result'; content: string; step: ExploreStep }
  | { kind: 'answer'; text: string; citations: ExploreCitation[]; sectionIds: string[]; step: ExploreStep }
  | { kind: 'give_up'; reason: string; step: ExploreStep };

/** How a navigator finished: an answer (text) or a give-up (text null, reason). */
export interface NavigatorEnding {
  text: string | null;
  reason?: string;
  citations: ExploreCitation[];
  sectionIds: string[];
}

/** Monotonic milliseconds; tests pass a fake to end the loop on time without waiting. */
export type Clock = () => number;

/**
 * One explore run's bookkeeping, shared by the LLM loop and the heuristic navigator: validates and runs each call,
 * refuses repeats, keeps the step list, and says when the step, token or time budget is spent.
 */
export class ExploreSession {
  readonly steps: ExploreStep[] = [];
  /** Tokens read plus prompts sent. */
  tokens = 0;
  private readonly seen = new Set<string>();
  private readonly startedAt: number;

  constructor(
    readonly reader: PaperReader,
    readonly budget: ExploreBudget,
    private readonly counter: TokenCounter,
    private readonly clock: Clock,
  ) {
    this.startedAt = clock();
  }

  /** Why the loop must stop now, or null while budget remains. */
  exhausted(): string | null {
    if (this.steps.length >= this.budget.maxSteps) return `the step budget (${this.budget.maxSteps}) ran out`;
    if (this.tokens >= this.budget.maxTokens) return `the token budget (${this.budget.maxTokens}) ran out`;
    if (this.clock() - this.startedAt >= this.budget.timeoutMs) return `the time budget (${this.budget.timeoutMs} ms) ran out`;
    return null;
  }

  addPromptTokens(tokens: number): void {
    this.tokens += tokens;
  }

  /** Runs one call as the model sent it; every failure becomes a result the agent can read and correct. */
  async call(name: string, rawArguments: string): Promise<CallOutcome> {
    const started = this.clock();
    let call: ExploreCall;
    try {
      call = parseToolCall(name, rawArguments);
    } catch (error) {
      return this.refused(name, rawArgs(rawArguments), started, (error as Error).message);
    }
    return this.run(call, started);
  }

  async run(call: ExploreCall, started = this.clock()): Promise<CallOutcome> {
    // next/previous repeat legitimately as the cursor moves, so the cursor is part of what makes a call identical.
    const key = JSON.stringify([call.tool, call.args, call.tool === 'next' || call.tool === 'previous' ? this.reader.cursor : null]);
    if (this.seen.has(key)) {
      return this.refused(
        call.tool,
        call.args,
        started,
        'refused: you already made this exact call and its result is above. Try next(), previous(), another section, or answer.',
      );
    }
    this.seen.add(key);
    try {
      switch (call.tool) {
        case 'answer':
          return this.answer(call.args.text, call.args.citations, started);
        case 'give_up':
          return {
            kind: 'give_up',
            reason: call.args.reason,
            step: this.record(call.tool, call.args, `gave up: ${call.args.reason}`, 0, started),
          };
        default: {
          const output = await this.execute(call);
          const tokens = this.counter.count(output.content);
          this.tokens += tokens;
          const step = this.record(call.tool, call.args, output.summary, tokens, started, output.content);
          return { kind: 'result', content: output.content, step };
        }
      }
    } catch (error) {
      if (!(error instanceof InvalidToolCallError)) throw error;
      // A bad section or article is the agent's mistake, not a reason to refuse the same call once corrected.
      this.seen.delete(key);
      return this.refused(call.tool, call.args, started, error.message);
    }
  }

  private async execute(call: ExploreCall) {
    switch (call.tool) {
      case 'search':
        return this.reader.search(call.args.query, call.args.k);
      case 'outline':
        return this.reader.outline(call.args.article_id);
      case 'read':
        return this.reader.jump(call.args.section, call.args.article_id);
      case 'next':
        return this.reader.next();
      case 'previous':
        return this.reader.previous();
      case 'read_page':
        return this.reader.readPage(call.args.article_id, call.args.page);
      default:
        throw new InvalidToolCallError(`${call.tool} ends the loop and is handled before`);
    }
  }

  private answer(text: string, refs: string[], started: number): CallOutcome {
    const resolved = refs.map((ref) => ({ ref, found: this.reader.citationFor(ref) }));
    const unread = resolved.filter((r) => !r.found).map((r) => r.ref);
    if (unread.length > 0) {
      const read = this.reader.readSections.map((r) => r.section.id).join(', ') || 'none yet';
      throw new InvalidToolCallError(`answer: cite only sections you read; not read: ${unread.join(', ')} (read: ${read})`);
    }
    const unique = [...new Map(resolved.map((r) => [r.found!.sectionId, r.found!])).values()];
    const step = this.record(
      'answer',
      { text, citations: refs },
      `answered citing ${unique.length} section${unique.length === 1 ? '' : 's'}`,
      0,
      started,
    );
    return { kind: 'answer', text, citations: unique.map((u) => u.citation), sectionIds: unique.map((u) => u.sectionId), step };
  }

  private refused(tool: string, args: Record<string, unknown>, started: number, message: string): CallOutcome {
    const tokens = this.counter.count(message);
    this.tokens += tokens;
    return { kind: 'result', content: `error: ${message}`, step: this.record(tool, args, `error: ${message}`, tokens, started) };
  }

  private record(tool: string, args: Record<string, unknown>, summary: string, tokens: number, started: number, saw?: string): ExploreStep {
    const ms = Math.max(0, Math.round(this.clock() - started));
    const step: ExploreStep = { tool, args, summary, ...(saw ? { saw: preview(saw) } : {}), tokens, ms };
    this.steps.push(step);
    return step;
  }
}

/** What a step shows of the tool's output: enough to see what the agent read, not the whole section. */
export const STEP_PREVIEW_CHARS = 1_500;

function preview(text: string): string {
  return text.length <= STEP_PREVIEW_CHARS ? text : `${text.slice(0, STEP_PREVIEW_CHARS).trimEnd()} …`;
}

function rawArgs(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Shown as sent.
  }
  return { raw };
}
