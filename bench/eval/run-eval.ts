import { existsSync, promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '@lectern/config';
import { createLlm } from '@lectern/llm';
import { ABSTAIN_BELOW_EVIDENCE, CrossEncoderReranker, SearchService, selectRerankers } from '@lectern/retrieval';
import { CORPUS_DIR, REPO_ROOT } from '../../test/support/paths';
import { writeMarkedSection } from '../results-file';
import { answerTable, runAnswers, splitDevSet, type AnswerRow, type RecordedRetrieval } from './answer-eval';
import { crossEncoderSkipReason, rerankedCalibrationRows } from './cross-encoder-rows';
import { calibrationRows } from './evidence-fit';
import { renderCovidDocuments } from './article-renderer';
import { ingestForEval } from './eval-corpus';
import { EVAL_MODES, ModeRunner } from './eval-modes';
import { markdownSection, overall, settingTable, type DatasetRun, type EvalReport, type SettingRun } from './eval-report';
import type { DatasetName, EvalDataset } from './eval.types';
import { exploreTable, runExplore, type ExploreRow } from './explore-eval';
import { TOKEN_BUDGET } from './metrics';
import { loadCovidQa, loadQasper } from './qa-datasets';

const FULL_BUDGETS = [256, 512, 1024, 8192];
const QUICK_BUDGETS = [512, 8192];
const QUICK_ARTICLES = 15;
const SECTION_HEADING = '## Retrieval evaluation';
const ANSWER_SECTION = {
  heading: '## Answer evaluation',
  begin: '<!-- answers:begin — written by `npm run eval` (`-- --answers`); edits between these markers are overwritten -->',
  end: '<!-- answers:end -->',
};

/**
 * `npm run eval [-- --quick]`: ingests the QA corpora through the real PDF pipeline once per CONTEXT_MAX_TOKENS,
 * runs every retrieval mode for every question, prints the tables and writes them to bench/RESULTS.md.
 */
async function main(): Promise<void> {
  const started = process.hrtime.bigint();
  const quick = process.argv.includes('--quick');
  // --answers: only the answer rows (extractive, and LLM with a configured server) on the dev construction.
  const answersOnly = process.argv.includes('--answers');
  const budgets = quick ? QUICK_BUDGETS : FULL_BUDGETS;
  const machine = `${os.cpus()[0]?.model.trim() ?? 'cpu'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, ${os.platform()}`;
  console.log(`Lectern retrieval evaluation${quick ? ' (--quick)' : ''} — ${machine}`);

  const datasets = await loadDatasets(quick);
  for (const d of datasets) {
    console.log(`${d.name}: ${d.documents.length} documents, ${d.questions.length} questions scored, ${d.skipped.length} left out`);
  }

  // Settings come from the environment through loadConfig (EMBEDDINGS, OPENAI_BASE_URL …), as for the server.
  const base = loadConfig(process.env);
  const llm = createLlm(base.llm);
  const rerankers = selectRerankers({ modelsDir: base.embeddings.modelsDir, allowDownload: base.embeddings.allowDownload }, llm);
  const answerSection = await evaluateAnswers(datasets, llm, base.embeddings.modelsDir, machine, quick);
  // Between markers, so the hand-written reading under the table survives a new run.
  writeMarkedSection(path.join(REPO_ROOT, 'bench', 'RESULTS.md'), ANSWER_SECTION, answerSection);
  if (answersOnly) return;
  const runs: SettingRun[] = [];
  const exploreRows: ExploreRow[] = [];
  let embedderNote = '';
  for (const budget of budgets) {
    const corpus = await ingestForEval(
      process.env,
      budget,
      datasets.map((d) => ({ name: d.name, documents: d.documents })),
    );
    try {
      embedderNote = `${corpus.embedder.choice.kind} (${corpus.embedder.instance.modelId}, ${corpus.embedder.instance.dimension} dimensions): ${corpus.embedder.choice.reason}`;
      const setting: SettingRun = { contextMaxTokens: budget, datasets: [] };
      for (const dataset of datasets) {
        const ingested = corpus.datasets.get(dataset.name);
        if (!ingested) continue;
        const runner = new ModeRunner({
          corpus: ingested.corpus,
          embedder: corpus.embedder.instance,
          llm,
          rerankers,
          articleOf: ingested.articleOf,
        });
        const gold = runner.goldOf(dataset.questions);
        const modeRuns = [];
        for (const mode of EVAL_MODES) modeRuns.push(await runner.run(mode, dataset.questions, gold));
        const exploreDeps = {
          corpus: ingested.corpus,
          search: new SearchService(ingested.corpus, corpus.embedder.instance),
          searchMode: corpus.embedder.defaultSearchMode,
          articleOf: ingested.articleOf,
        };
        // The heuristic navigator always; the LLM agent too when one is configured.
        for (const navigator of llm ? [null, llm] : [null]) {
          exploreRows.push(
            await runExplore(exploreDeps, navigator, dataset.questions, gold, { dataset: dataset.name, contextMaxTokens: budget }),
          );
        }
        for (const f of ingested.failed) console.warn(`  ${dataset.name} ${f.key} failed to ingest: ${f.error}`);
        const row: DatasetRun = {
          name: dataset.name,
          documents: dataset.documents.length,
          pages: ingested.pages,
          sections: ingested.sections,
          contexts: ingested.contexts,
          failed: ingested.failed.length,
          ingestSeconds: ingested.seconds,
          runs: modeRuns,
        };
        setting.datasets.push(row);
      }
      runs.push(setting);
      console.log(`\nCONTEXT_MAX_TOKENS=${budget}\n${settingTable(setting)}`);
      console.log(exploreTable(exploreRows.filter((r) => r.contextMaxTokens === budget)));
      const notes = new Set(setting.datasets.flatMap((d) => d.runs.flatMap((r) => r.notes)));
      for (const note of notes) console.log(`  note: ${note}`);
    } finally {
      await corpus.close();
    }
  }

  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const report: EvalReport = {
    machine,
    date: new Date().toISOString().slice(0, 10),
    command: `npm run eval${quick ? ' -- --quick' : ''}`,
    settings: [
      `Embedder: ${embedderNote}`,
      `LLM: ${base.llm ? `${base.llm.model} / ${base.llm.smallModel} at ${base.llm.baseUrl}` : 'none configured'}; rerankers: ${rerankers.map((r) => r.name).join(', ') || 'none'}`,
      `Parsing: ${base.parserServices.grobidUrl ? 'GROBID' : 'embedded PDF.js parser'}; k = 80 results per query; CONTEXT_MAX_TOKENS ∈ {${budgets.join(', ')}}`,
    ],
    corpus: datasets.map((d) => corpusLine(d)),
    runs,
    seconds,
  };
  const embedderKind = embedderNote.split(' ')[0];
  const section = markdownSection(report, [...impliedDefaults(runs), ...caveats(embedderKind, datasets), ...exploreSection(exploreRows)]);
  console.log(`\n${section.split('### Reading the tables')[1] ?? ''}`);
  await writeSection(path.join(REPO_ROOT, 'bench', 'RESULTS.md'), section);
  console.log(`written to bench/RESULTS.md (${seconds.toFixed(0)} s)`);
}

async function loadDatasets(quick: boolean): Promise<EvalDataset[]> {
  const qasper = await loadQasper(CORPUS_DIR);
  const covid = await loadCovidQa(CORPUS_DIR, quick ? QUICK_ARTICLES : undefined);
  const { documents, rendered, cached } = await renderCovidDocuments(covid.articles, path.join(REPO_ROOT, 'bench', '.data', 'eval-pdfs'));
  console.log(`COVID-QA PDFs: ${rendered} rendered with Chromium, ${cached} from bench/.data/eval-pdfs`);
  return [qasper, { name: 'covid-qa', documents, questions: covid.questions, skipped: covid.skipped }];
}

function corpusLine(d: EvalDataset): string {
  const what: Record<DatasetName, string> = {
    qasper: 'QASPER (UDA subset, `qa/uda-qasper/example_docs_qa.json`) over the arXiv PDFs `pdf/qasper-*.pdf`',
    'covid-qa': 'COVID-QA (`qa/covid-qa/200423_covidQA.json`) articles printed by headless Chromium as two-column PDFs',
  };
  const reasons = [...new Set(d.skipped.map((s) => s.reason))].join('; ');
  return `${what[d.name]}: ${d.documents.length} documents, ${d.questions.length} questions scored${d.skipped.length ? `, ${d.skipped.length} left out (${reasons})` : ''}`;
}

/** The defaults the numbers point at, for the lead to apply (this script changes no default). */
function impliedDefaults(runs: SettingRun[]): string[] {
  const modes = EVAL_MODES.filter((m) => runs.every((r) => !overall(r, m).skipped));
  const ranked = runs.flatMap((r) => modes.map((m) => ({ budget: r.contextMaxTokens, mode: m, m: overall(r, m).metrics })));
  ranked.sort((a, b) => b.m.recallAtBudget - a.m.recallAtBudget || b.m.recallAt5 - a.m.recallAt5 || b.m.mrr - a.m.mrr);
  const best = ranked[0];
  if (!best) return [];
  const byMrr = [...ranked].sort((a, b) => b.m.mrr - a.m.mrr || b.m.recallAt1 - a.m.recallAt1)[0];
  const line = (r: (typeof ranked)[number]) =>
    `\`${r.mode}\` with CONTEXT_MAX_TOKENS=${r.budget} (R@${TOKEN_BUDGET} tok ${(r.m.recallAtBudget * 100).toFixed(1)}, R@1 ${(r.m.recallAt1 * 100).toFixed(1)}, MRR ${r.m.mrr.toFixed(3)})`;
  return [`- Implied defaults: best at equal reading cost is ${line(best)}; best first result (MRR) is ${line(byMrr)}.`];
}

/** The explore agent next to the retrieval modes: did its reading reach the gold section, at what cost. */
function exploreSection(rows: ExploreRow[]): string[] {
  return [
    '',
    '### Explore agent',
    '',
    'read gold section: share of questions (with gold in the corpus) whose sections read by the agent include the gold ' +
      'evidence section; the agent starts from the paper the question is about, with the default budget of 8 steps.',
    '',
    exploreTable(rows),
  ];
}

/** What the numbers cannot say, stated next to them. */
function caveats(embedderKind: string, datasets: EvalDataset[]): string[] {
  const qasper = datasets.find((d) => d.name === 'qasper')?.questions.length ?? 0;
  const lines = [
    `- Caveats: the overall rows are dominated by COVID-QA; QASPER has only ${qasper} scorable questions (the UDA subset annotates evidence for few of the questions on the corpus PDFs), so its rows are anecdotes, not estimates.`,
    '- COVID-QA answers are often whole sentences; at small budgets an answer can be cut across two contexts, which is why "gold in corpus" drops as CONTEXT_MAX_TOKENS shrinks. Its texts have almost no headings (Abstract, Text, and the few heading-like lines), so its gold-section column is coarse.',
  ];
  if (embedderKind === 'lexical') {
    lines.push(
      '- The vector side here is the offline lexical embedder (no transformers model in MODELS_DIR): "standard" is a hashed bag-of-words, so these rows say nothing about hybrid with a neural embedding model. Rerun with EMBEDDINGS=transformers (model in MODELS_DIR) before changing the default search mode; with the lexical embedder, keyword alone is the stronger first stage.',
    );
  }
  return lines;
}

/**
 * The answer rows on the dev construction: every other COVID-QA article ingested at the default CONTEXT_MAX_TOKENS,
 * the ingested half's questions answerable, the other half's unanswerable. The threshold sweep shows the trade-off;
 * "calibrated" is the threshold chosen on the dev half across its articles (article-calibration.ts).
 */
async function evaluateAnswers(
  datasets: EvalDataset[],
  llm: ReturnType<typeof createLlm>,
  modelsDir: string,
  machine: string,
  quick: boolean,
): Promise<string> {
  const covid = datasets.find((d) => d.name === 'covid-qa');
  if (!covid) return 'No COVID-QA data.';
  const dev = splitDevSet(covid.documents, covid.questions);
  const corpus = await ingestForEval(process.env, loadConfig(process.env).contextMaxTokens, [
    { name: 'covid-qa', documents: dev.ingested },
  ]);
  try {
    const ingested = corpus.datasets.get('covid-qa')!;
    const deps = { corpus: ingested.corpus, embedder: corpus.embedder.instance, searchMode: corpus.embedder.defaultSearchMode, llm };
    const rows: AnswerRow[] = [];
    const calibrated: string[] = [];
    const notes: string[] = [];
    for (const mode of llm ? (['extractive', 'llm'] as const) : (['extractive'] as const)) {
      console.log(`answers: ${mode} over ${dev.answerable.length} answerable and ${dev.unanswerable.length} unanswerable questions …`);
      const replay: RecordedRetrieval[] = [];
      const { outcomes, ms } = await runAnswers(deps, dev, mode, { replay: mode === 'extractive' ? replay : undefined });
      await fs.mkdir(path.join(REPO_ROOT, 'bench', '.data'), { recursive: true });
      // Every question's retrieval as the composer saw it, for replaying the extractive composer (answer-replay.ts)
      // and studying the evidence (evidence-study.ts).
      if (replay.length > 0) await fs.writeFile(path.join(REPO_ROOT, 'bench', '.data', 'answer-replay.json'), JSON.stringify(replay));
      // Every question's evidence, for studying the abstention rule offline.
      await fs.writeFile(path.join(REPO_ROOT, 'bench', '.data', `answer-outcomes-${mode}.json`), JSON.stringify(outcomes));
      const calibration = calibrationRows(mode, outcomes, ms);
      calibrated.push(`${mode}: ${calibration.chosen.toFixed(2)}`);
      rows.push(...calibration.rows);
      notes.push(...calibration.notes);
    }
    // With a cross-encoder in MODELS_DIR: the reranked evidence model, fitted and calibrated the same way.
    const skipped = crossEncoderSkipReason(modelsDir);
    if (skipped) {
      console.log(skipped);
      notes.push(skipped);
    } else {
      const rerankers = [new CrossEncoderReranker({ modelsDir, allowDownload: false })];
      console.log(`answers: extractive + cross-encoder over the same questions …`);
      const { outcomes, ms } = await runAnswers({ ...deps, rerankers }, dev, 'extractive + cross-encoder');
      await fs.writeFile(path.join(REPO_ROOT, 'bench', '.data', 'answer-outcomes-cross-encoder.json'), JSON.stringify(outcomes));
      const calibration = rerankedCalibrationRows(outcomes, ms);
      calibrated.push(`extractive + cross-encoder: ${calibration.chosen.toFixed(2)}`);
      rows.push(...calibration.rows);
      notes.push(...calibration.notes);
    }
    const table = answerTable(rows);
    console.log(`\n${table}\ncalibrated on the dev half across articles: ${calibrated.join(', ')}\n${notes.join('\n')}`);
    return [
      `${machine}; ${new Date().toISOString().slice(0, 10)}; \`npm run eval${quick ? ' -- --quick' : ''}\` (answer rows alone: \`-- --answers\`).`,
      '',
      `Dev construction: COVID-QA articles (${covid.documents.length}${quick ? ', --quick' : ''}) sorted by id, every other one ingested ` +
        `(${dev.ingested.length}, ${ingested.failed.length} failed to ingest) as two-column PDFs at CONTEXT_MAX_TOKENS=${corpus.contextMaxTokens}; ` +
        `questions about ingested articles are answerable, the others unanswerable. Embedder: ${corpus.embedder.choice.kind}, search mode ${corpus.embedder.defaultSearchMode}, ` +
        'k 80, no expansion (the chat and `lectern ask` defaults). LLM rows only with a configured server; ' +
        '"extractive + cross-encoder" rows only with the cross-encoder in MODELS_DIR (reranking on, its default threshold).',
      '',
      'gold in answer: share of answerable questions whose answer (markers removed) contains a gold answer, refusals counting as misses; ' +
        'mean words: over answers given; cited sentence holds gold: share of the citations of answered answerable questions whose quoted sentence ' +
        'contains a gold answer; abstained: share of unanswerable questions answered "the sources don\'t say"; wrongful refusals: share of answerable ones.',
      '',
      table,
      '',
      'Abstention decides on the evidence score (`libs/retrieval/src/answer/evidence.ts`: a logistic model of best-sentence coverage, ' +
        'best-article coverage, agreement of the first five hits on one article, and how few articles cover the question as well). ' +
        'The articles of each kind are split alternately (in id order) into a dev half and a held-out half, so no article has questions in both; ' +
        'the model is fitted and the threshold chosen on the dev half only, across its articles (`bench/eval/article-calibration.ts`: ' +
        "scores from models fitted without the question's article, and wrongful refusals ≤ 5% on most resamples of the answerable articles). " +
        'The sweep rows are over all questions; "in-sample threshold (before)" is the threshold chosen as before (highest with ≤ 5% wrongful refusals ' +
        'on the dev half\'s own scores) and "coverage (before)" the rule before the evidence model (best-context coverage), both in the same run.',
      '',
      ...notes.map((n) => `- ${n}`),
      '',
      `Calibrated threshold (dev half, across articles): ${calibrated.join(', ')}; the default in code is ${ABSTAIN_BELOW_EVIDENCE.toFixed(2)} (\`ABSTAIN_BELOW_EVIDENCE\`).`,
      'Targets (issue 19): gold in answer ≥ 75% at ≤ 60 words on average; abstain on ≥ 70% of unanswerable questions with ≤ 5% wrongful refusals.',
      '',
    ].join('\n');
  } finally {
    await corpus.close();
  }
}

/** Replaces the retrieval section (up to the next `## ` heading), keeping every other section. */
async function writeSection(file: string, section: string): Promise<void> {
  const current = existsSync(file) ? await fs.readFile(file, 'utf8') : '# Benchmark results\n\n';
  const start = current.indexOf(SECTION_HEADING);
  if (start < 0) {
    await fs.writeFile(file, `${current.trimEnd()}\n\n${section}`);
    return;
  }
  const next = current.indexOf('\n## ', start + SECTION_HEADING.length);
  const rest = next < 0 ? '' : current.slice(next + 1);
  await fs.writeFile(file, `${current.slice(0, start)}${section}${rest ? `\n${rest}` : ''}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
