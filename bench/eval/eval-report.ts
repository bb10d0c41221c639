import type { DatasetName } from './eval.types';
import type { EvalMode, ModeRun } from './eval-modes';
import { summarise, TOKEN_BUDGET, type ModeMetrics } from './metrics';

export interface DatasetRun {
  name: DatasetName;
  documents: number;
  pages: number;
  sections: number;
  contexts: number;
  failed: number;
  ingestSeconds: number;
  runs: ModeRun[];
}

export interface SettingRun {
  contextMaxTokens: number;
  datasets: DatasetRun[];
}

export interface EvalReport {
  machine: string;
  date: string;
  command: string;
  settings: string[];
  corpus: string[];
  runs: SettingRun[];
  seconds: number;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}`;

/** Outcomes of one mode over every dataset of a setting, pooled question by question. */
export function overall(setting: SettingRun, mode: EvalMode): { metrics: ModeMetrics; skipped: string | null; ms: number } {
  const runs = setting.datasets.map((d) => d.runs.find((r) => r.mode === mode) as ModeRun);
  const skipped = runs.find((r) => r.skipped)?.skipped ?? null;
  const outcomes = runs.flatMap((r) => r.outcomes);
  const ms = outcomes.length ? runs.reduce((sum, r) => sum + r.msPerQuery * r.outcomes.length, 0) / outcomes.length : 0;
  return { metrics: summarise(outcomes), skipped, ms };
}

export function settingTable(setting: SettingRun): string {
  const header = `| dataset | mode | questions | R@1 | R@5 | R@20 | MRR | R@${TOKEN_BUDGET} tok | top-1 in gold section | gold in corpus | ms/query |`;
  const lines = [header, '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|'];
  const row = (dataset: string, mode: EvalMode, m: ModeMetrics, skipped: string | null, ms: number) =>
    skipped
      ? `| ${dataset} | ${mode} | ${skipped} | | | | | | | | |`
      : `| ${dataset} | ${mode} | ${m.questions} | ${pct(m.recallAt1)} | ${pct(m.recallAt5)} | ${pct(m.recallAt20)} | ${m.mrr.toFixed(3)} | ${pct(m.recallAtBudget)} | ${pct(m.top1GoldSection)} | ${pct(m.goldInCorpus)} | ${ms.toFixed(1)} |`;
  for (const dataset of setting.datasets) {
    for (const run of dataset.runs) lines.push(row(dataset.name, run.mode, summarise(run.outcomes), run.skipped, run.msPerQuery));
  }
  for (const run of setting.datasets[0]?.runs ?? []) {
    const o = overall(setting, run.mode);
    lines.push(row('**overall**', run.mode, o.metrics, o.skipped, o.ms));
  }
  return lines.join('\n');
}

export function corpusTable(runs: SettingRun[]): string {
  const lines = [
    '| CONTEXT_MAX_TOKENS | dataset | documents | pages | sections | contexts | failed | ingest s |',
    '|---:|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const setting of runs) {
    for (const d of setting.datasets) {
      lines.push(
        `| ${setting.contextMaxTokens} | ${d.name} | ${d.documents} | ${d.pages} | ${d.sections} | ${d.contexts} | ${d.failed} | ${d.ingestSeconds.toFixed(1)} |`,
      );
    }
  }
  return lines.join('\n');
}

/** Reads the tables: the three questions the evaluation exists to answer, and the defaults they imply. */
export function findings(runs: SettingRun[]): string[] {
  const out: string[] = [];
  const of = (setting: SettingRun, mode: EvalMode) => overall(setting, mode).metrics;
  for (const setting of runs) {
    const [k, s, h, p] = (['keyword', 'standard', 'hybrid', 'hybrid+parent'] as const).map((m) => of(setting, m));
    const beats = h.recallAt5 > k.recallAt5 && h.recallAt5 > s.recallAt5;
    out.push(
      `- CONTEXT_MAX_TOKENS=${setting.contextMaxTokens}: hybrid Recall@5 ${pct(h.recallAt5)} vs keyword ${pct(k.recallAt5)} and standard ${pct(s.recallAt5)} — ` +
        `hybrid ${beats ? 'beats both' : h.recallAt5 >= Math.max(k.recallAt5, s.recallAt5) ? 'ties the better one' : `does not beat ${h.recallAt5 <= k.recallAt5 ? 'keyword' : 'standard'}`}; ` +
        `hybrid+parent lands on the gold section with its first passage ${pct(p.top1GoldSection)} vs hybrid ${pct(h.top1GoldSection)} for its first context ` +
        `(${p.top1GoldSection >= h.top1GoldSection ? 'at least as often' : 'less often'}).`,
    );
  }
  const byBudget = [...runs].sort(
    (a, b) => of(b, 'hybrid').recallAtBudget - of(a, 'hybrid').recallAtBudget || of(b, 'hybrid').mrr - of(a, 'hybrid').mrr,
  );
  const byRecall = [...runs].sort(
    (a, b) => of(b, 'hybrid').recallAt5 - of(a, 'hybrid').recallAt5 || of(b, 'hybrid').mrr - of(a, 'hybrid').mrr,
  );
  if (byBudget.length > 0) {
    out.push(
      `- Best CONTEXT_MAX_TOKENS for hybrid at equal reading cost (evidence within the first ${TOKEN_BUDGET} tokens): ` +
        `${byBudget[0].contextMaxTokens} (${byBudget.map((r) => `${r.contextMaxTokens}: ${pct(of(r, 'hybrid').recallAtBudget)}`).join(', ')}); ` +
        `by plain Recall@5 it is ${byRecall[0].contextMaxTokens} (${byRecall.map((r) => `${r.contextMaxTokens}: ${pct(of(r, 'hybrid').recallAt5)}`).join(', ')}), ` +
        'but Recall@k counts results, not tokens, so it flatters large contexts.',
    );
  }
  return out;
}

/** The `## Retrieval evaluation` section of bench/RESULTS.md. */
export function markdownSection(report: EvalReport, conclusions: string[]): string {
  const parts = [
    '## Retrieval evaluation',
    '',
    `Measured ${report.date} on ${report.machine}; the run took ${(report.seconds / 60).toFixed(1)} minutes. Reproduce with \`${report.command}\`.`,
    '',
    ...report.settings.map((s) => `- ${s}`),
    ...report.corpus.map((c) => `- ${c}`),
    '',
    'R@k: share of questions with an evidence context among the first k results. MRR over the first 80 results. ' +
      `R@${TOKEN_BUDGET} tok: evidence within the first ${TOKEN_BUDGET} tokens of results (equal reading cost across budgets). ` +
      '"gold in corpus": share of questions where any ingested context is evidence — the ceiling for every mode. ' +
      'hybrid+parent ranks passages (the top 5 hits grown by 2 contexts either side, merged), so it returns at most 5 results; ' +
      'a passage counts as in the gold section when it runs through it. Percentages.',
    '',
    '### Ingested corpora',
    '',
    corpusTable(report.runs),
    '',
    ...report.runs.flatMap((r) => [`### CONTEXT_MAX_TOKENS=${r.contextMaxTokens}`, '', settingTable(r), '']),
    '### Reading the tables',
    '',
    ...findings(report.runs),
    ...conclusions,
    '',
  ];
  return parts.join('\n');
}
