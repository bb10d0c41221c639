import type { CorpusDb } from '@lectern/corpus';
import type { Embedder } from '@lectern/embeddings';
import type { LlmClient } from '@lectern/llm';
import {
  DEFAULT_SEARCH_K,
  RetrievalPipeline,
  SearchService,
  type Passage,
  type Reranker,
  type RetrievalOptions,
  type SearchHit,
} from '@lectern/retrieval';
import { GoldMatcher } from './gold-matcher';
import type { EvalQuestion } from './eval.types';
import { firstEvidenceRank, tokensToFirstEvidence, type QuestionOutcome } from './metrics';

export type EvalMode = 'keyword' | 'standard' | 'hybrid' | 'hybrid+parent' | 'hybrid+rerank' | 'multi-query';
export const EVAL_MODES: readonly EvalMode[] = ['keyword', 'standard', 'hybrid', 'hybrid+parent', 'hybrid+rerank', 'multi-query'];

export interface ModeRun {
  mode: EvalMode;
  /** Why the mode did not run (no LLM / cross-encoder); then `outcomes` is empty. */
  skipped: string | null;
  outcomes: QuestionOutcome[];
  /** Mean wall time of one retrieval, in milliseconds. */
  msPerQuery: number;
  /** Distinct degradation notes the pipeline reported (a reranker falling back, multi-query failing). */
  notes: string[];
}

/** Where a question's gold lies in the ingested corpus: which contexts are evidence, and the gold section. */
interface QuestionGold {
  evidence: Set<string>;
  goldSectionId: string | null;
}

export interface ModeRunnerDeps {
  corpus: CorpusDb;
  embedder: Embedder;
  llm: LlmClient | null;
  rerankers: readonly Reranker[];
  /** EvalDocument.key → article id. */
  articleOf: Map<string, string>;
}

/** Runs every retrieval mode for a dataset's questions over its ingested corpus and scores each result list. */
export class ModeRunner {
  private readonly search: SearchService;
  private readonly pipeline: RetrievalPipeline;
  /** Tokens of every context, for the equal-reading-cost recall. */
  private readonly tokensOf = new Map<string, number>();

  constructor(private readonly deps: ModeRunnerDeps) {
    this.search = new SearchService(deps.corpus, deps.embedder);
    this.pipeline = new RetrievalPipeline({ search: this.search, corpus: deps.corpus, llm: deps.llm, rerankers: deps.rerankers });
    for (const article of deps.corpus.listArticles()) {
      for (const row of deps.corpus.listArticleContexts(article.id)) this.tokensOf.set(row.id, row.numTokens);
    }
  }

  /** Gold per question, computed once and shared by every mode. */
  goldOf(questions: readonly EvalQuestion[]): Map<string, QuestionGold> {
    const gold = new Map<string, QuestionGold>();
    for (const question of questions) {
      const articleId = this.deps.articleOf.get(question.documentKey);
      const rows = articleId ? this.deps.corpus.listArticleContexts(articleId) : [];
      const matcher = new GoldMatcher(question.gold);
      // listArticleContexts is in reading order, so the first evidence context names the gold section.
      const evidenceRows = rows.filter((row) => matcher.isEvidence(row.text));
      gold.set(question.id, { evidence: new Set(evidenceRows.map((r) => r.id)), goldSectionId: evidenceRows[0]?.sectionId ?? null });
    }
    return gold;
  }

  async run(mode: EvalMode, questions: readonly EvalQuestion[], gold: Map<string, QuestionGold>): Promise<ModeRun> {
    const skipped = this.skipReason(mode);
    if (skipped) return { mode, skipped, outcomes: [], msPerQuery: 0, notes: [] };
    const outcomes: QuestionOutcome[] = [];
    const notes = new Set<string>();
    let totalMs = 0;
    for (const question of questions) {
      const g = gold.get(question.id) as QuestionGold;
      const start = process.hrtime.bigint();
      const results = await this.retrieve(mode, question.question, notes);
      totalMs += Number(process.hrtime.bigint() - start) / 1e6;
      outcomes.push(this.score(results, g));
    }
    return { mode, skipped: null, outcomes, msPerQuery: questions.length ? totalMs / questions.length : 0, notes: [...notes] };
  }

  private skipReason(mode: EvalMode): string | null {
    if (mode === 'multi-query' && !this.deps.llm) return 'skipped: no LLM configured';
    if (mode === 'hybrid+rerank' && this.deps.rerankers.length === 0) return 'skipped: no LLM or cross-encoder configured';
    return null;
  }

  /** Each result as the context ids it shows the reader (one for a hit, several for a passage) and their sections. */
  private async retrieve(
    mode: EvalMode,
    query: string,
    notes: Set<string>,
  ): Promise<Array<{ contextIds: string[]; sectionIds: string[] }>> {
    if (mode === 'keyword' || mode === 'standard' || mode === 'hybrid') {
      return (await this.search.search(query, { mode, k: DEFAULT_SEARCH_K })).map(fromHit);
    }
    const options: RetrievalOptions = { mode: 'hybrid', k: DEFAULT_SEARCH_K };
    if (mode === 'hybrid+parent') options.expand = 'parent';
    if (mode === 'hybrid+rerank') options.rerank = true;
    if (mode === 'multi-query') options.multiQuery = true;
    const result = await this.pipeline.retrieve(query, options);
    result.notes.forEach((note) => notes.add(note));
    return mode === 'hybrid+parent' ? result.passages.map(fromPassage) : result.hits.map(fromHit);
  }

  private score(results: Array<{ contextIds: string[]; sectionIds: string[] }>, gold: QuestionGold): QuestionOutcome {
    const isEvidence = results.map((r) => r.contextIds.some((id) => gold.evidence.has(id)));
    const tokens = results.map((r) => r.contextIds.reduce((sum, id) => sum + (this.tokensOf.get(id) ?? 0), 0));
    return {
      firstEvidenceRank: firstEvidenceRank(isEvidence),
      tokensToFirstEvidence: tokensToFirstEvidence(isEvidence, tokens),
      top1InGoldSection: gold.goldSectionId !== null && (results[0]?.sectionIds.includes(gold.goldSectionId) ?? false),
      goldInCorpus: gold.evidence.size > 0,
    };
  }
}

function fromHit(hit: SearchHit): { contextIds: string[]; sectionIds: string[] } {
  return { contextIds: [hit.contextId], sectionIds: [hit.section.id] };
}

/** A passage is one result: evidence when any of its contexts is, in the gold section when it runs through it. */
function fromPassage(passage: Passage): { contextIds: string[]; sectionIds: string[] } {
  return { contextIds: passage.contexts.map((c) => c.id), sectionIds: [...new Set(passage.contexts.map((c) => c.section.id))] };
}
