import { BENCH_BEGIN, BENCH_END, withBenchSubsection } from '../bench/results-file';
import { cpuSecondsFromProcStat, medianBySeconds, projectWorkers } from '../bench/scale-out.math';

/** A /proc/<pid>/stat line as Linux writes it: utime (field 14) = 1234 ticks, stime (field 15) = 66 ticks. */
const stat = (comm: string) =>
  `5116 (${comm}) S 5113 5113 1585 0 -1 4194304 96 0 0 0 1234 66 0 0 20 0 11 0 488329 3133440 381 18446744073709551615 0 0 0`;

describe('cpuSecondsFromProcStat', () => {
  it('adds utime and stime, in USER_HZ ticks', () => {
    expect(cpuSecondsFromProcStat(stat('node'))).toBeCloseTo(13);
    expect(cpuSecondsFromProcStat(stat('node'), 1000)).toBeCloseTo(1.3);
  });

  it('counts fields after the last parenthesis, so a command name with spaces and parentheses does not shift them', () => {
    expect(cpuSecondsFromProcStat(stat('MainThread (x) 1 2'))).toBeCloseTo(13);
  });

  it('rejects text that is not a stat line', () => {
    expect(() => cpuSecondsFromProcStat('no such line')).toThrow(/not a \/proc/);
    expect(() => cpuSecondsFromProcStat('1 (node) S 2')).toThrow(/no utime\/stime/);
  });
});

describe('projectWorkers', () => {
  it('turns papers/hour into pages/s and divides by the measured rates, rounding up', () => {
    // 10,000 papers × 18 pages / 3600 s = 50 pages/s.
    const projection = projectWorkers({
      papersPerHour: 10_000,
      pagesPerPaper: 18,
      pagesPerSecondPerCore: 15,
      pagesPerSecondPerProcess: 20,
      coresPerProcess: 1.3,
    });
    expect(projection).toEqual({ pagesPerSecondNeeded: 50, cores: 4, processes: 3, processCores: 4 });
  });

  it('needs no rounding when the rate divides exactly', () => {
    const projection = projectWorkers({
      papersPerHour: 3600,
      pagesPerPaper: 10,
      pagesPerSecondPerCore: 5,
      pagesPerSecondPerProcess: 10,
      coresPerProcess: 2,
    });
    expect(projection).toEqual({ pagesPerSecondNeeded: 10, cores: 2, processes: 1, processCores: 2 });
  });

  it('refuses a rate of zero (a failed measurement) instead of projecting Infinity', () => {
    const input = { papersPerHour: 1, pagesPerPaper: 1, pagesPerSecondPerCore: 0, pagesPerSecondPerProcess: 1, coresPerProcess: 1 };
    expect(() => projectWorkers(input)).toThrow(/positive/);
  });
});

describe('withBenchSubsection', () => {
  const file = (block: string) =>
    `# Results\n\nintro\n\n${BENCH_BEGIN}\n\n${block}\n\n${BENCH_END}\n\n### Reproducibility\n\nhand-written\n`;
  const pool = '### Ingest through the worker\n\n| a |\n| --- |\n| 1 |';
  const search = '### Search, 100k\n\n| b |\n| --- |\n| 2 |';

  it('inserts a new subsection after the one named, keeping everything else', () => {
    const next = withBenchSubsection(file(`${pool}\n\n${search}`), 'Scale-out:', '### Scale-out: x\n\n| c |', 'Ingest through the worker');
    expect(next).toBe(file(`${pool}\n\n### Scale-out: x\n\n| c |\n\n${search}`));
  });

  it('replaces its own subsection, wherever it is, heading text and all', () => {
    const before = file(`${pool}\n\n### Scale-out: old title\n\nold table\n\n${search}`);
    const next = withBenchSubsection(before, 'Scale-out:', '### Scale-out: new title\n\nnew table', 'Ingest through the worker');
    expect(next).toBe(file(`${pool}\n\n### Scale-out: new title\n\nnew table\n\n${search}`));
  });

  it('replaces a last subsection up to the end marker, leaving text after the block alone', () => {
    const next = withBenchSubsection(file(`${pool}\n\n### Scale-out: old\n\nold`), 'Scale-out:', '### Scale-out: new\n\nnew');
    expect(next).toBe(file(`${pool}\n\n### Scale-out: new\n\nnew`));
  });

  it('appends at the end of the block when the section to follow is missing', () => {
    const next = withBenchSubsection(file(search), 'Scale-out:', '### Scale-out: x', 'Ingest through the worker');
    expect(next).toBe(file(`${search}\n\n### Scale-out: x`));
  });
});

describe('medianBySeconds', () => {
  it('picks the middle run by wall time, the lower middle for an even count', () => {
    const runs = [
      { seconds: 9, id: 'a' },
      { seconds: 7, id: 'b' },
      { seconds: 12, id: 'c' },
    ];
    expect(medianBySeconds(runs).id).toBe('a');
    expect(medianBySeconds(runs.slice(0, 2)).id).toBe('b');
    expect(() => medianBySeconds([])).toThrow(/no runs/);
  });
});
