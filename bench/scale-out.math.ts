/**
 * Pure arithmetic of the scale-out bench: CPU time read from /proc, and the projection of the workers a target
 * rate needs. Kept apart from the bench so a spec can check it without starting anything.
 */

/** Linux reports utime and stime in clock ticks of USER_HZ, which is 100 on every architecture Node runs on. */
export const USER_HZ = 100;

/**
 * CPU seconds (user + system, all threads of the process) from the text of `/proc/<pid>/stat`. The second field,
 * the command name in parentheses, may itself hold spaces and parentheses, so fields are counted after its last `)`.
 */
export function cpuSecondsFromProcStat(stat: string, ticksPerSecond = USER_HZ): number {
  const close = stat.lastIndexOf(')');
  if (close < 0) throw new Error(`not a /proc/<pid>/stat line: ${JSON.stringify(stat.slice(0, 80))}`);
  // After the name: state (field 3), ppid (4) … utime is field 14 and stime field 15, so indexes 11 and 12 here.
  const fields = stat
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime))
    throw new Error(`no utime/stime in /proc/<pid>/stat: ${JSON.stringify(stat.slice(0, 80))}`);
  return (utime + stime) / ticksPerSecond;
}

export interface ProjectionInput {
  papersPerHour: number;
  /** Mean pages per paper assumed (the bench uses its corpus's mean). */
  pagesPerPaper: number;
  /** Measured pages/s per busy core. */
  pagesPerSecondPerCore: number;
  /** Measured pages/s of one worker process, and the cores it kept busy doing it. */
  pagesPerSecondPerProcess: number;
  coresPerProcess: number;
}

export interface Projection {
  pagesPerSecondNeeded: number;
  /** Busy cores at the measured per-core rate, rounded up. */
  cores: number;
  /** Worker processes at the measured per-process rate, each on its own `coresPerProcess` cores, rounded up. */
  processes: number;
  /** The cores those processes occupy (`processes × coresPerProcess`, rounded up). */
  processCores: number;
}

/** Linear projection: assumes every added core (process) runs at the measured rate, nothing else saturating. */
export function projectWorkers(input: ProjectionInput): Projection {
  const { papersPerHour, pagesPerPaper, pagesPerSecondPerCore, pagesPerSecondPerProcess, coresPerProcess } = input;
  if (!(pagesPerSecondPerCore > 0) || !(pagesPerSecondPerProcess > 0)) throw new Error('the measured rates must be positive');
  const pagesPerSecondNeeded = (papersPerHour * pagesPerPaper) / 3600;
  const processes = Math.ceil(pagesPerSecondNeeded / pagesPerSecondPerProcess);
  return {
    pagesPerSecondNeeded,
    cores: Math.ceil(pagesPerSecondNeeded / pagesPerSecondPerCore),
    processes,
    processCores: Math.ceil(processes * coresPerProcess),
  };
}

/** The run with the median wall time (the lower of the two middle ones for an even count). */
export function medianBySeconds<T extends { seconds: number }>(runs: T[]): T {
  if (runs.length === 0) throw new Error('no runs');
  return [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor((runs.length - 1) / 2)];
}
