import { BackupInstance, restoreInstance } from '@lectern/application';
import type { LecternConfig } from '@lectern/config';

export interface BackupDeps {
  backup: BackupInstance;
}

/** `lectern backup --out DIR`: a consistent snapshot of the catalog, every corpus and the stored PDFs, while the service runs. */
export async function backupCommand(deps: BackupDeps, options: { out: string }, out: NodeJS.WritableStream): Promise<number> {
  const { dir, manifest } = await deps.backup.execute(options.out);
  out.write(`backed up ${manifest.projects.length} projects, ${manifest.objects} objects, ${manifest.files.length} files to ${dir}\n`);
  return 0;
}

/** `lectern restore DIR [--force]`: checks the backup's checksums and restores it into LECTERN_DATA_DIR (empty unless --force). */
export async function restoreCommand(
  config: LecternConfig,
  dir: string,
  options: { force?: boolean },
  out: NodeJS.WritableStream,
): Promise<number> {
  const { dataDir, manifest } = await restoreInstance(config, dir, options);
  out.write(`restored ${manifest.projects.length} projects and ${manifest.objects} objects into ${dataDir}\n`);
  return 0;
}
