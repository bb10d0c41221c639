import * as fs from 'node:fs';

/**
 * bench/RESULTS.md has several writers: `npm run eval` owns the `## Retrieval evaluation` section (up to the next
 * `## ` heading); `npm run bench` (these markers), the answer rows of `npm run eval` and `npm run eval:structure`
 * each own what lies between their own markers, under their own heading, so none clobbers another. Text outside
 * them (hand-written readings) is kept.
 */
export const BENCH_HEADING = '## Speed and peers (`npm run bench`)';
export const BENCH_BEGIN = '<!-- bench:begin — written by `npm run bench`; edits between these markers are overwritten -->';
export const BENCH_END = '<!-- bench:end -->';

/** A section of bench/RESULTS.md a script writes between two markers under its heading; text outside them is kept. */
export interface MarkedSection {
  heading: string;
  begin: string;
  end: string;
}

/** Replaces the block between `section`'s markers in `current` (or appends heading and block) and returns the new text. */
export function withMarkedSection(current: string, section: MarkedSection, body: string): string {
  const block = `${section.begin}\n\n${body.trim()}\n\n${section.end}`;
  const start = current.indexOf(section.begin);
  const end = current.indexOf(section.end);
  if (start >= 0 && end > start) return `${current.slice(0, start)}${block}${current.slice(end + section.end.length)}`;
  return `${current.trimEnd()}\n\n${section.heading}\n\n${block}\n`;
}

/** Writes `body` between `section`'s markers in `file` (see withMarkedSection). */
export function writeMarkedSection(file: string, section: MarkedSection, body: string): void {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  fs.writeFileSync(file, withMarkedSection(current, section, body));
}

const BENCH_SECTION: MarkedSection = { heading: BENCH_HEADING, begin: BENCH_BEGIN, end: BENCH_END };

/** Replaces the bench block of `current` (or appends heading and block) and returns the new file text. */
export function withBenchSection(current: string, body: string): string {
  return withMarkedSection(current, BENCH_SECTION, body);
}

export function writeBenchSection(file: string, body: string): void {
  writeMarkedSection(file, BENCH_SECTION, body);
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

/**
 * Replaces one `### ` subsection of the bench block, the one whose heading starts with `headingPrefix`, with
 * `body` (its own heading included), leaving the rest of the block as it is: for `--only` runs of one bench. A
 * subsection not there yet goes after the one headed `afterPrefix` (else at the end of the block).
 */
export function withBenchSubsection(current: string, headingPrefix: string, body: string, afterPrefix?: string): string {
  const start = current.indexOf(BENCH_BEGIN);
  const end = current.indexOf(BENCH_END);
  if (start < 0 || end < start) return withBenchSection(current, body);
  const block = current.slice(start, end);
  const sectionEnd = (from: number) => {
    const next = block.indexOf('\n### ', from + 1);
    return next < 0 ? block.length : next + 1;
  };
  const find = (prefix: string) => {
    const at = block.indexOf(`\n### ${prefix}`);
    return at < 0 ? -1 : at + 1;
  };
  const text = `${body.trim()}\n\n`;
  let next: string;
  const own = find(headingPrefix);
  if (own >= 0) next = block.slice(0, own) + text + block.slice(sectionEnd(own));
  else {
    const after = afterPrefix ? find(afterPrefix) : -1;
    const at = after >= 0 ? sectionEnd(after) : block.length;
    next = block.slice(0, at) + text + block.slice(at);
  }
  return current.slice(0, start) + next + current.slice(end);
}

export function writeBenchSubsection(file: string, headingPrefix: string, body: string, afterPrefix?: string): void {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  fs.writeFileSync(file, withBenchSubsection(current, headingPrefix, body, afterPrefix));
}
