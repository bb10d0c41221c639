import { ExploreAgent } from '@lectern/agent';
import type { CorpusDb } from '@lectern/corpus';
import type { ToolCallingLlm } from '@lectern/llm';
import type { SearchMode, SearchService } from '@lectern/retrieval';
import type { DatasetName, EvalQuestion } from './eval.types';

export interface ExploreRow {
  dataset: DatasetName;
  contextMaxTokens: number;
  navigator: 'heuristic' | 'llm';
  questions: number;
  /** Share of questions whose read sections include the gold evidence section. */
  readsGold: number;
  avgSteps: number;
  avgTokens: number;
  msPerQuestion: number;
}

export interface ExploreEvalDeps {
  corpus: CorpusDb;
  search: SearchService;
  searchMode: SearchMode;
  /** EvalDocument.key → article id: the agent explores the paper the question was asked about. */
  articleOf: Map<string, string>;
}

/** Runs the explore agent on each question and scores whether it read the gold section, and at what cost. */
export async function runExplore(
  deps: ExploreEvalDeps,
  llm: ToolCallingLlm | null,
  questions: readonly EvalQuestion[],
  gold: Map<string, { goldSectionId: string | null }>,
  context: { dataset: DatasetName; contextMaxTokens: number },
): Promise<ExploreRow> {
  const agent = new ExploreAgent({ corpus: deps.corpus, search: deps.search, llm });
  // Only questions whose gold is in the corpus can be read; the others would count against every navigator alike.
  const scored = questions.filter((q) => gold.get(q.id)?.goldSectionId && deps.articleOf.has(q.documentKey));
  let hits = 0;
  let steps = 0;
  let tokens = 0;
  const started = process.hrtime.bigint();
  for (const question of scored) {
    const result = await agent.explore({
      question: question.question.slice(0, 1000),
      articleId: deps.articleOf.get(question.documentKey),
      searchMode: deps.searchMode,
    });
    if (result.readSectionIds.includes(gold.get(question.id)?.goldSectionId as string)) hits += 1;
    steps += result.usage.steps;
    tokens += result.usage.tokens;
  }
  const n = scored.length;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return {
    ...context,
    navigator: llm ? 'llm' : 'heuristic',
    questions: n,
    readsGold: n ? hits / n : 0,
    avgSteps: n ? steps / n : 0,
    avgTokens: n ? tokens / n : 0,
    msPerQuestion: n ? ms / n : 0,
  };
}

export function exploreTable(rows: readonly ExploreRow[]): string {
  const lines = [
    '| CONTEXT_MAX_TOKENS | dataset | mode | questions | read gold section | avg steps | avg tokens | ms/question |',
    '|---:|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.contextMaxTokens} | ${r.dataset} | explore (${r.navigator}) | ${r.questions} | ${(r.readsGold * 100).toFixed(1)} | ${r.avgSteps.toFixed(1)} | ${Math.round(r.avgTokens)} | ${r.msPerQuestion.toFixed(0)} |`,
    );
  }
  return lines.join('\n');
}
