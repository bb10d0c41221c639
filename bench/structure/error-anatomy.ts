import { readFileSync } from 'node:fs';
import { markdownTable } from '../results-file';
import {
  classifyFalse,
  classifyMissed,
  ERROR_CLASSES,
  isCommandEntryTitle,
  policyKind,
  POLICY_KINDS,
  type ErrorClass,
} from './error-classes';
import { IN_OVERALL } from './set-results';
import { normalizeHeading, precisionRecallF1, tokenF1 } from './structure-scoring';

/**
 * `node dist/bench/structure/error-anatomy.js FILE [--examples N]`: reads an eval `--misses` file and prints how the
 * heading errors split, per set part and overall — (a) bookmark-policy names, (b) outline entries not printed as a
 * line at their destination, (c) command-description entries, (d) the rest — with the F1 each class's removal would
 * give. A diagnosis of where the errors sit, not a score: removing a class changes what is measured, not the parser.
 * Held-out rows are only counted; `--examples` prints titles from tuning rows alone.
 */

/** One line of a `--misses` file. */
export interface MissesRow {
  set: string;
  doc: string;
  heldOut: boolean;
  missed: Array<{ title: string; startsLine?: boolean }>;
  false: Array<{ title: string }>;
  hits: unknown[];
}

/** Errors of one class: gold entries missed and predictions matched to nothing. */
export interface ClassCounts {
  missed: number;
  false: number;
}

export interface Anatomy {
  part: string;
  docs: number;
  matched: number;
  predicted: number;
  gold: number;
  byClass: Record<ErrorClass, ClassCounts>;
  /** The policy class split by kind. */
  byKind: Record<string, ClassCounts>;
  /** Class (b) entries whose title has a command entry's shape (classes are exclusive: (b) is tested first). */
  notLineStartCommands: number;
  /** Class (d) missed entries with a class (d) prediction in the same document sharing half their words: mis-titled, not missed. */
  nearMisses: number;
}

/** Word F1 from which an unmatched prediction is the missed entry split, joined or mis-read (a match needs 0.8). */
const NEAR_MISS = 0.5;

const zero = (): ClassCounts => ({ missed: 0, false: 0 });

export function anatomyOf(part: string, rows: readonly MissesRow[]): Anatomy {
  const byClass = Object.fromEntries(ERROR_CLASSES.map((c) => [c, zero()])) as Record<ErrorClass, ClassCounts>;
  const byKind = Object.fromEntries(POLICY_KINDS.map((k) => [k, zero()]));
  let matched = 0;
  let missed = 0;
  let unmatched = 0;
  let notLineStartCommands = 0;
  let nearMisses = 0;
  for (const { hits, ...raw } of rows) {
    // Titles that normalize to nothing ("-") count on neither side in the eval: left out here too.
    const row = {
      hits,
      missed: raw.missed.filter((m) => normalizeHeading(m.title)),
      false: raw.false.filter((f) => normalizeHeading(f.title)),
    };
    const restFalse = row.false.filter((f) => classifyFalse(f.title) === 'rest').map((f) => f.title);
    matched += row.hits.length;
    missed += row.missed.length;
    unmatched += row.false.length;
    for (const m of row.missed) {
      const c = classifyMissed(m);
      byClass[c].missed++;
      if (c === 'not line-start' && isCommandEntryTitle(m.title)) notLineStartCommands++;
      if (c === 'rest' && restFalse.some((t) => tokenF1(t, m.title) >= NEAR_MISS)) nearMisses++;
      const kind = policyKind(m.title);
      if (kind) byKind[kind].missed++;
    }
    for (const f of row.false) {
      byClass[classifyFalse(f.title)].false++;
      const kind = policyKind(f.title);
      if (kind) byKind[kind].false++;
    }
  }
  return {
    part,
    docs: rows.length,
    matched,
    predicted: matched + unmatched,
    gold: matched + missed,
    byClass,
    byKind,
    notLineStartCommands,
    nearMisses,
  };
}

/** F1 once the given classes' errors are gone: their missed entries out of the gold, their predictions out of the output. */
export function f1Without(a: Anatomy, classes: readonly ErrorClass[]): number {
  const removed = classes.reduce((s, c) => ({ missed: s.missed + a.byClass[c].missed, false: s.false + a.byClass[c].false }), zero());
  return precisionRecallF1({ matched: a.matched, predicted: a.predicted - removed.false, gold: a.gold - removed.missed }).f1;
}

/**
 * The parts a misses file is read in: each set (split into its tuning and held-out rows where it has both), then
 * "overall" as the eval counts it (sets 1, 2 hidden, 3).
 */
export function partsOf(rows: readonly MissesRow[]): Array<{ part: string; rows: MissesRow[] }> {
  const sets = [...new Set(rows.map((r) => r.set))];
  const parts: Array<{ part: string; rows: MissesRow[] }> = [];
  for (const set of sets) {
    const of = rows.filter((r) => r.set === set);
    const held = of.filter((r) => r.heldOut);
    if (held.length === 0 || held.length === of.length) parts.push({ part: held.length ? `${set} (held out)` : set, rows: of });
    else parts.push({ part: `${set}: dev`, rows: of.filter((r) => !r.heldOut) }, { part: `${set}: held out`, rows: held });
  }
  const overall = rows.filter((r) => IN_OVERALL.test(r.set));
  if (overall.length > 0) parts.push({ part: 'overall (1 + 2 hidden + 3)', rows: overall });
  return parts;
}

const f = (x: number) => x.toFixed(3);
const CLASS_LABEL: Record<ErrorClass, string> = {
  policy: '(a) policy names',
  'not line-start': '(b) not line-start',
  'command entry': '(c) command entries',
  rest: '(d) rest',
};

/** The anatomy table: per part, P/R/F1, then each class's missed / false counts and the F1 without that class. */
export function anatomyTable(anatomies: readonly Anatomy[]): string {
  return markdownTable(
    anatomies.map((a) => {
      const { p, r, f1 } = precisionRecallF1(a);
      const cells: Record<string, string | number> = { part: a.part, docs: a.docs, 'P / R / F1': `${f(p)} / ${f(r)} / ${f(f1)}` };
      for (const c of ERROR_CLASSES) {
        cells[`${CLASS_LABEL[c]}: missed / false → F1 without`] = cell(a, c);
        if (c === 'not line-start') cells['(b) of them command-shaped'] = a.notLineStartCommands;
        if (c === 'rest') cells['(d) missed with a near-miss prediction'] = a.nearMisses;
      }
      cells['F1 with (d) alone'] = f(f1Without(a, ['policy', 'not line-start', 'command entry']));
      return cells;
    }),
  );
}

const cell = (a: Anatomy, c: ErrorClass) => `${a.byClass[c].missed} / ${a.byClass[c].false} → ${f(f1Without(a, [c]))}`;

/** The policy class by kind: bookmarked but missed / predicted but unbookmarked, per part. */
export function policyTable(anatomies: readonly Anatomy[]): string {
  return markdownTable(
    POLICY_KINDS.map((kind) => ({
      kind,
      ...Object.fromEntries(anatomies.map((a) => [a.part, `${a.byKind[kind].missed} / ${a.byKind[kind].false}`])),
    })),
  );
}

export function readMissesFile(file: string): MissesRow[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as MissesRow);
}

function main(): void {
  const argv = process.argv.slice(2);
  const file = argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--examples');
  if (!file) throw new Error('usage: error-anatomy.js MISSES.jsonl [--examples N]');
  const at = argv.indexOf('--examples');
  const examples = at >= 0 ? Number(argv[at + 1]) : 0;
  const rows = readMissesFile(file);
  const anatomies = partsOf(rows).map(({ part, rows: of }) => anatomyOf(part, of));
  console.log(`Heading errors in ${file} (missed gold entries / unmatched predictions; "F1 without": that class's errors removed)\n`);
  console.log(anatomyTable(anatomies));
  console.log('\n(a) by kind: bookmarked but missed / predicted but unbookmarked\n');
  console.log(policyTable(anatomies));
  if (examples > 0)
    printExamples(
      rows.filter((r) => !r.heldOut),
      examples,
    );
}

/** Up to `n` titles of each class, from tuning rows only (the caller filters: held-out titles are never printed). */
function printExamples(rows: readonly MissesRow[], n: number): void {
  for (const c of ERROR_CLASSES) {
    const missed = rows.flatMap((r) => r.missed.filter((m) => classifyMissed(m) === c).map((m) => m.title));
    const unmatched = rows.flatMap((r) => r.false.filter((x) => classifyFalse(x.title) === c).map((x) => x.title));
    console.log(`\n${CLASS_LABEL[c]} — missed: ${missed.slice(0, n).join(' | ')}`);
    console.log(`${CLASS_LABEL[c]} — false: ${unmatched.slice(0, n).join(' | ')}`);
  }
}

if (require.main === module) main();
