import type { CheckDataDir } from '@lectern/application';

export interface DoctorDeps {
  checkDataDir: CheckDataDir;
}

/** `lectern doctor [--fix]`: one line per finding; exit 1 while a problem remains, 0 when all is well (or fixed). */
export async function doctorCommand(
  deps: DoctorDeps,
  options: { fix?: boolean; minAgeMs?: number },
  out: NodeJS.WritableStream,
): Promise<number> {
  const report = await deps.checkDataDir.execute(options);
  const verb = report.fixed ? 'removed' : 'found';
  const lines = [
    ...report.orphanObjects.map((key) => `${verb} orphan PDF ${key}`),
    ...report.emptyDirs.map((dir) => `${verb} empty object directory ${dir}`),
    ...report.staleUploads.map((dir) => `${verb} unfinished upload tmp/${dir}`),
    ...report.corpusProblems.map((problem) => `corpus problem: ${problem}`),
  ];
  if (report.skipped) lines.push(`note: ${report.skipped}`);
  const leftovers = report.orphanObjects.length + report.emptyDirs.length + report.staleUploads.length;
  if (leftovers + report.corpusProblems.length === 0) lines.push('all is well');
  else if (leftovers > 0 && !report.fixed) lines.push('run `lectern doctor --fix` to remove the leftovers');
  out.write(lines.join('\n') + '\n');
  return report.corpusProblems.length > 0 || (leftovers > 0 && !report.fixed) ? 1 : 0;
}
