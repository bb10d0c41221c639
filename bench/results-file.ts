import * as fs from 'node:fs';

/**
 * bench/RESULTS.md has two writers: `npm run eval` owns the `## Retrieval evaluation` section (up to the next
 * `## ` heading) and `npm run bench` owns what lies between these markers, under its own heading, so neither
 * clobbers the other. Text outside both (hand-written conclusions) is kept.
 */
export const BENCH_HEADING = '## Speed and peers (`npm run bench`)';
export const BENCH_BEGIN = '<!-- bench:begin — written by `npm run bench`; edits between these markers are overwritten -->';
export const BENCH_END = '<!-- bench:end -->';

/** Replaces the bench block of `current` (or appends heading and block) and returns the new file text. */
export function withBenchSection(current: string, body: string): string {
  const block = `${BENCH_BEGIN}\n\n${body.trim()}\n\n${BENCH_END}`;
  const start = current.indexOf(BENCH_BEGIN);
  const end = current.indexOf(BENCH_END);
  if (start >= 0 && end > start) return `${current.slice(0, start)}${block}${current.slice(end + BENCH_END.length)}`;
  return `${current.trimEnd()}\n\n${BENCH_HEADING}\n\n${block}\n`;
}

export function writeBenchSection(file: string, body: string): void {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  fs.writeFileSync(file, withBenchSection(current, body));
}

/** A GitHub markdown table of records (the keys of the first row are the columns). */
export function markdownTable(rows: Array<Record<string, string | number | undefined>>): string {
  if (rows.length === 0) return '_(no rows)_';
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: string | number | undefined) => String(value ?? '').replace(/\|/g, '\\|');
  const lines = [
    `| ${columns.join(' | ')} |`,
    `| ${columns.map((c) => (rows.every((r) => typeof r[c] !== 'string' || r[c] === '') ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${columns.map((c) => cell(row[c])).join(' | ')} |`),
  ];
  return lines.join('\n');
}
