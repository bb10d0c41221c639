import * as path from 'node:path';
import { CORPUS_DIR, REPO_ROOT } from '../../test/support/paths';
import { renderCovidDocuments } from '../eval/article-renderer';
import { ingestForEval } from '../eval/eval-corpus';
import { ModeRunner } from '../eval/eval-modes';
import type { EvalDataset, EvalDocument, EvalQuestion } from '../eval/eval.types';
import { recallAt } from '../eval/metrics';
import { loadCovidQa, loadQasper } from '../eval/qa-datasets';
import { MiniSearchSystem, OramaSystem, type PeerMode } from './peer-systems';

export interface QaRecallRow {
  dataset: string;
  system: 'Lectern' | 'Orama' | 'MiniSearch';
  mode: PeerMode;
  questions: number;
  /** Share of questions with an evidence context among the first 5 results. */
  recallAt5: number;
}

export interface QaRecallResult {
  rows: QaRecallRow[];
  /** What was indexed, for the report. */
  corpus: string[];
  contextMaxTokens: number;
}

/** The eval's default budget: the contexts every system indexes are Lectern's contexts at this size. */
const CONTEXT_MAX_TOKENS = 512;
const QUICK_COVID_ARTICLES = 15;
const K = 5;

/**
 * Recall@5 on the QA data for each system: the QA PDFs go through Lectern's real ingest (as `npm run eval` does);
 * Orama and MiniSearch then index exactly those contexts (Orama with the same vectors, from the same embedder) and
 * answer the same questions. A result is evidence by the eval's gold matcher, computed once per question.
 */
export async function runQaRecallBench(options: { quick: boolean; log?: (line: string) => void }): Promise<QaRecallResult> {
  const log = options.log ?? (() => undefined);
  const datasets = await loadDatasets(options.quick, log);
  const corpus = await ingestForEval(
    process.env,
    CONTEXT_MAX_TOKENS,
    datasets.map((d) => ({ name: d.name, documents: d.documents })),
  );
  const rows: QaRecallRow[] = [];
  const lines: string[] = [];
  try {
    const embedder = corpus.embedder.instance;
    for (const dataset of datasets) {
      const ingested = corpus.datasets.get(dataset.name);
      if (!ingested) continue;
      lines.push(
        `${dataset.name}: ${dataset.documents.length} documents, ${ingested.contexts} contexts, ${dataset.questions.length} questions`,
      );
      const runner = new ModeRunner({ corpus: ingested.corpus, embedder, llm: null, rerankers: [], articleOf: ingested.articleOf });
      const gold = runner.goldOf(dataset.questions);
      const evidenceOf = (q: EvalQuestion) => (gold.get(q.id) as { evidence: Set<string> }).evidence;
      for (const mode of ['keyword', 'standard', 'hybrid'] as const) {
        const run = await runner.run(mode, dataset.questions, gold);
        rows.push(row(dataset.name, 'Lectern', mode === 'standard' ? 'vector' : mode, recallAt(run.outcomes, K), dataset.questions.length));
      }
      const contexts = ingested.corpus.listArticles().flatMap((article) => ingested.corpus.listArticleContexts(article.id));
      const vectors = await embedder.embedDocuments(contexts.map((c) => c.text));
      const orama = new OramaSystem(embedder);
      await orama.index(contexts.map((c, i) => ({ id: c.id, text: c.text, embedding: vectors[i] })));
      const miniSearch = new MiniSearchSystem();
      miniSearch.indexTexts(contexts.map((c) => ({ id: c.id, text: c.text })));
      for (const [system, modes] of [
        [orama, ['keyword', 'vector', 'hybrid']],
        [miniSearch, ['keyword']],
      ] as const) {
        for (const mode of modes) {
          let found = 0;
          for (const question of dataset.questions) {
            const ids = await system.searchIds(mode, question.question, K);
            if (ids.some((id) => evidenceOf(question).has(id))) found++;
          }
          rows.push(
            row(
              dataset.name,
              system.name as QaRecallRow['system'],
              mode,
              dataset.questions.length ? found / dataset.questions.length : 0,
              dataset.questions.length,
            ),
          );
        }
      }
      log(`QA recall: ${dataset.name} done`);
    }
  } finally {
    await corpus.close();
  }
  return { rows, corpus: lines, contextMaxTokens: CONTEXT_MAX_TOKENS };
}

function row(dataset: string, system: QaRecallRow['system'], mode: PeerMode, recall: number, questions: number): QaRecallRow {
  return { dataset, system, mode, questions, recallAt5: Number((recall * 100).toFixed(1)) };
}

/** QASPER over its PDFs and COVID-QA as the eval renders it (cached PDFs; Chromium only for missing ones). */
async function loadDatasets(quick: boolean, log: (line: string) => void): Promise<EvalDataset[]> {
  const qasper = await loadQasper(CORPUS_DIR);
  const covid = await loadCovidQa(CORPUS_DIR, quick ? QUICK_COVID_ARTICLES : undefined);
  let documents: EvalDocument[];
  try {
    ({ documents } = await renderCovidDocuments(covid.articles, path.join(REPO_ROOT, 'bench', '.data', 'eval-pdfs')));
  } catch (error) {
    log(`COVID-QA left out: its PDFs could not be rendered (${(error as Error).message.split('\n')[0]})`);
    return [qasper];
  }
  return [qasper, { name: 'covid-qa', documents, questions: covid.questions, skipped: covid.skipped }];
}

/** Rows with the ratio Lectern/peer for the same dataset and mode (> 1: Lectern recalls more). */
export function qaRecallTable(rows: QaRecallRow[]): Array<Record<string, string | number>> {
  return rows.map((r) => {
    const lectern = rows.find((l) => l.system === 'Lectern' && l.dataset === r.dataset && l.mode === r.mode);
    const ratio = r.system === 'Lectern' || !lectern || r.recallAt5 === 0 ? '' : (lectern.recallAt5 / r.recallAt5).toFixed(2);
    return { dataset: r.dataset, system: r.system, mode: r.mode, questions: r.questions, 'Recall@5 %': r.recallAt5, 'Lectern/peer': ratio };
  });
}
