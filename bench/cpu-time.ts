/** Runs `run` and returns its value with the process's CPU time it took (user + system, ms): a fair cost on a shared machine. */
export function cpuMs<T>(run: () => T): [T, number] {
  const start = process.cpuUsage();
  const value = run();
  const used = process.cpuUsage(start);
  return [value, (used.user + used.system) / 1000];
}
