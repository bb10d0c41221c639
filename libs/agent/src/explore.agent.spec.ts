import {
  LlmUnavailableError,
  type LlmTool,
  type ToolCallingLlm,
  type ToolChatMessage,
  type ToolChatOptions,
  type ToolChatResult,
} from '@lectern/llm';
import { SearchService } from '@lectern/retrieval';
import { buildPdfCorpus, type PdfCorpus } from '../../retrieval/src/testing/pdf-corpus.fixture';
import { ExploreAgent, NOTICE_HEURISTIC, NOTICE_HEURISTIC_LLM_DOWN } from './explore.agent';

const PAPER = 'acl-N18-3011.pdf';
const QUESTION = 'How does Semantic Scholar link entity mentions in papers to the knowledge base?';

/** A tool-calling model that answers from a script, one reply per call, and records what it was sent. */
class ScriptedLlm implements ToolCallingLlm {
  readonly calls: ToolChatMessage[][] = [];
  constructor(private readonly script: (call: number, messages: ToolChatMessage[]) => ToolChatResult) {}
  async chatWithTools(messages: ToolChatMessage[], _tools: LlmTool[], options?: ToolChatOptions): Promise<ToolChatResult> {
    this.calls.push([...messages]);
    const reply = this.script(this.calls.length, messages);
    if (options?.stream && reply.content) options.onContent?.(reply.content);
    return reply;
  }
}

const call = (name: string, args: object | string, id = name) => ({
  id,
  name,
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
});
const lastToolResult = (messages: ToolChatMessage[]) => {
  const last = messages[messages.length - 1];
  return last.role === 'tool' ? last.content : '';
};

describe(ExploreAgent.name, () => {
  let fixture: PdfCorpus;
  let articleId: string;
  let search: SearchService;

  beforeAll(async () => {
    fixture = await buildPdfCorpus([PAPER, 'arxiv-1211.2288.pdf']);
    articleId = fixture.articleIds.get(PAPER) as string;
    search = new SearchService(fixture.corpus, fixture.embedder);
  }, 120_000);
  afterAll(() => fixture.dispose());

  const agent = (llm: ToolCallingLlm | null, clock?: () => number) => new ExploreAgent({ corpus: fixture.corpus, search, llm, clock });
  const sectionsWithText = () => fixture.corpus.outline(articleId).filter((e) => e.contextCount > 0);

  describe('without an LLM', () => {
    it('searches, outlines, reads and answers citing only sections it read', async () => {
      const result = await agent(null).explore({ question: QUESTION, searchMode: 'keyword' });
      const tools = result.steps.map((s) => s.tool);
      expect(tools.slice(0, 3)).toEqual(['search', 'outline', 'read']);
      expect(tools.at(-1)).toBe('answer');
      expect(tools.some((t) => t === 'next' || t === 'previous')).toBe(true);
      expect(result.navigator).toBe('heuristic');
      expect(result.notice).toBe(NOTICE_HEURISTIC);
      expect(result.answer.length).toBeGreaterThan(40);
      expect(result.citations.length).toBeGreaterThan(0);
      const read = fixture.corpus.outline(articleId).filter((e) => result.readSectionIds.includes(e.id));
      for (const citation of result.citations) {
        expect(read.map((e) => e.number)).toContain(citation.sectionNumber);
        expect(citation.articleId).toBe(articleId);
      }
      expect(result.steps.length).toBeLessThanOrEqual(8);
      expect(result.usage.tokens).toBeGreaterThan(0);
      // Sentences joined with their [n], each pointing at the quoted sentence of a context read, by title.
      expect(result.answer).toMatch(/\[1\][.!?]/);
      result.citations.forEach((citation, i) => {
        expect(citation.n).toBe(i + 1);
        expect(result.answer).toContain(`[${i + 1}]`);
        expect(citation.articleTitle).toBe(fixture.corpus.getArticle(articleId)!.title);
        const context = fixture.corpus.listArticleContexts(articleId).find((c) => c.id === citation.contextId)!;
        expect(context.text.slice(citation.span!.start, citation.span!.end).replace(/\s+/g, ' ')).toBe(citation.quote);
      });
    });

    it('falls back to the heuristic navigator, with a notice, when the LLM cannot be reached', async () => {
      const down: ToolCallingLlm = {
        chatWithTools: async () => {
          throw new LlmUnavailableError('LLM connection failed: ECONNREFUSED');
        },
      };
      const result = await agent(down).explore({ question: QUESTION, searchMode: 'keyword' });
      expect(result.navigator).toBe('heuristic');
      expect(result.notice).toBe(NOTICE_HEURISTIC_LLM_DOWN);
      expect(result.steps.map((s) => s.tool).slice(0, 3)).toEqual(['search', 'outline', 'read']);
      expect(result.citations.length).toBeGreaterThan(0);
    });

    it('gives the same steps for the same question', async () => {
      const a = await agent(null).explore({ question: QUESTION, searchMode: 'keyword' });
      const b = await agent(null).explore({ question: QUESTION, searchMode: 'keyword' });
      expect(b.steps.map(({ ms: _ms, ...s }) => s)).toEqual(a.steps.map(({ ms: _ms, ...s }) => s));
    });
  });

  describe('with a tool-calling LLM', () => {
    it('runs every tool and moves through sections in reading order', async () => {
      const [first, second] = sectionsWithText();
      const llm = new ScriptedLlm((n) => {
        const script = [
          [call('search', { query: 'entity linking', k: 3 })],
          [call('outline', { article_id: articleId })],
          [call('read', { section: first.id })],
          [call('next', {})],
          [call('previous', {})],
          [call('read_page', { article_id: articleId, page: 1 })],
          [call('answer', { text: 'They link mentions.', citations: [second.id] })],
        ];
        return { content: null, toolCalls: script[n - 1] };
      });
      const result = await agent(llm).explore({ question: QUESTION, searchMode: 'keyword', budget: { maxSteps: 10 } });
      expect(result.steps.map((s) => s.tool)).toEqual(['search', 'outline', 'read', 'next', 'previous', 'read_page', 'answer']);
      expect(result.steps[3].summary).toContain(second.title || second.number);
      expect(result.answer).toBe('They link mentions.');
      expect(result.citations).toEqual([
        { articleId, articleTitle: expect.any(String), sectionNumber: second.number, sectionTitle: second.title, page: expect.any(Number) },
      ]);
      expect(result.usage.llmCalls).toBe(7);
      expect(result.navigator).toBe('llm');
    });

    it('returns argument errors, unknown tools and unread citations to the model so it can correct them', async () => {
      const [first] = sectionsWithText();
      const llm = new ScriptedLlm((n) => {
        const script = [
          [call('read', '{"section": ')],
          [call('read', { page: 3 })],
          [call('teleport', { to: 'results' })],
          [call('answer', { text: 'x', citations: [first.id] })],
          [call('read', { section: first.id })],
          [call('answer', { text: 'Read it.', citations: [first.id] })],
        ];
        return { content: null, toolCalls: script[n - 1] };
      });
      const result = await agent(llm).explore({ question: QUESTION, articleId, budget: { maxSteps: 10 } });
      expect(result.steps.slice(0, 4).map((s) => s.summary)).toEqual([
        'error: the arguments of read are not valid JSON',
        'error: read takes no argument "page"',
        expect.stringMatching(/^error: unknown tool "teleport"/),
        expect.stringMatching(/^error: answer: cite only sections you read/),
      ]);
      expect(lastToolResult(llm.calls[3])).toMatch(/^error: unknown tool/);
      expect(result.answer).toBe('Read it.');
      expect(result.citations).toHaveLength(1);
    });

    it('refuses a repeated identical call with a hint', async () => {
      const [first] = sectionsWithText();
      const llm = new ScriptedLlm(() => ({ content: null, toolCalls: [call('read', { section: first.id })] }));
      const result = await agent(llm).explore({ question: QUESTION, budget: { maxSteps: 3 } });
      expect(result.steps.map((s) => s.summary.startsWith('error: refused: you already made this exact call'))).toEqual([
        false,
        true,
        true,
      ]);
      expect(lastToolResult(llm.calls[2])).toContain('Try next(), previous()');
    });

    it('ends a model that never answers at the step budget and answers from what it read, saying so', async () => {
      let n = 0;
      const llm = new ScriptedLlm(() => ({
        content: null,
        toolCalls: [(n += 1) === 1 ? call('read', { section: sectionsWithText()[0].id }) : call('next', {})],
      }));
      const result = await agent(llm).explore({ question: 'What does the knowledge base contain?', articleId, budget: { maxSteps: 4 } });
      expect(result.steps).toHaveLength(4);
      expect(result.notice).toMatch(/the step budget \(4\) ran out/);
      expect(result.answer).not.toBe('');
      for (const c of result.citations)
        expect(
          sectionsWithText()
            .slice(0, 4)
            .map((e) => e.number),
        ).toContain(c.sectionNumber);
    });

    it('ends the loop when the wall-clock budget is spent', async () => {
      let now = 0;
      const llm = new ScriptedLlm(() => {
        now += 1_000;
        return { content: null, toolCalls: [call('search', { query: `q${now}` })] };
      });
      const result = await agent(llm, () => now).explore({ question: QUESTION, budget: { timeoutMs: 2_500, maxSteps: 20 } });
      expect(result.steps.length).toBeLessThanOrEqual(3);
      expect(result.notice).toMatch(/time budget/);
    });

    it('streams steps and the model text before the answer and done events', async () => {
      const [first] = sectionsWithText();
      const llm = new ScriptedLlm((n) =>
        n === 1
          ? { content: 'Let me read the first section.', toolCalls: [call('read', { section: first.id })] }
          : { content: null, toolCalls: [call('answer', { text: 'Done.', citations: [first.number] })] },
      );
      const events = [];
      for await (const event of agent(llm).events({ question: QUESTION, articleId, stream: true })) events.push(event.event);
      expect(events).toEqual(['token', 'step', 'step', 'answer', 'done']);
    });
  });

  describe('scoped to some papers', () => {
    const otherId = () => fixture.articleIds.get('arxiv-1211.2288.pdf') as string;
    const scopedSearch = () => new SearchService(fixture.corpus, fixture.embedder, { articleIds: [articleId] });
    const scopedAgent = (llm: ToolCallingLlm | null) => new ExploreAgent({ corpus: fixture.corpus, search: scopedSearch(), llm });

    it('lists only the scoped papers to the model and refuses outline, read and read_page outside them', async () => {
      const outside = fixture.corpus.outline(otherId()).find((e) => e.contextCount > 0)!;
      const [first] = sectionsWithText();
      const llm = new ScriptedLlm((n) => {
        const script = [
          [call('outline', { article_id: otherId() })],
          [call('read', { section: outside.id })],
          [call('read', { section: outside.number || outside.title, article_id: otherId() })],
          [call('read_page', { article_id: otherId(), page: 1 })],
          [call('outline', { article_id: articleId })],
          [call('read', { section: first.id })],
          [call('answer', { text: 'Read it.', citations: [first.id] })],
        ];
        return { content: null, toolCalls: script[n - 1] };
      });
      const result = await scopedAgent(llm).explore({ question: QUESTION, articleIds: [articleId], budget: { maxSteps: 10 } });
      const prompt = llm.calls[0][1].content as string;
      expect(prompt).toContain(`article_id=${articleId}`);
      expect(prompt).not.toContain(otherId());
      expect(result.steps.slice(0, 4).map((s) => s.summary)).toEqual(
        Array(4).fill(expect.stringMatching(/^error: refused: .* is outside the papers this question is scoped to; the papers in scope: /)),
      );
      expect(result.steps.slice(4).map((s) => s.summary.startsWith('error:'))).toEqual([false, false, false]);
      expect(result.citations.map((c) => c.articleId)).toEqual([articleId]);
    });

    it('keeps the heuristic navigator inside the scope', async () => {
      const result = await scopedAgent(null).explore({ question: QUESTION, articleIds: [articleId], searchMode: 'keyword' });
      const opened = result.steps.filter((s) => typeof s.args.article_id === 'string').map((s) => s.args.article_id);
      expect(opened.length).toBeGreaterThan(0);
      expect(new Set(opened)).toEqual(new Set([articleId]));
      expect(result.steps.some((s) => s.summary.startsWith('error:'))).toBe(false);
      expect(result.citations.every((c) => c.articleId === articleId)).toBe(true);
    });
  });
});
