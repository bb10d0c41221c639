import { createHash } from 'node:crypto';
import { createReadStream, existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { ConflictError, InvalidInputError } from '@lectern/common';
import type { LecternConfig } from '@lectern/config';
import { backupDatabase, CATALOG_FILE_NAME, type CatalogDb } from '@lectern/corpus';
import { createObjectStore, type CorpusRegistry } from '@lectern/ingest';
import type { ObjectStore } from '@lectern/storage';

export const BACKUP_FORMAT = 'lectern-backup';
export const BACKUP_VERSION = 1;
const MANIFEST = 'manifest.json';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** Every file of the backup but the manifest, with its size and SHA-256. */
  files: Array<{ path: string; bytes: number; sha256: string }>;
  projects: Array<{ id: string; name: string; corpus: boolean }>;
  objects: number;
}

export interface BackupResult {
  dir: string;
  manifest: BackupManifest;
}

export interface RestoreResult {
  dataDir: string;
  manifest: BackupManifest;
}

export class BackupRefusedError extends ConflictError {
  override readonly name = 'BackupRefusedError';
}

export class InvalidBackupError extends InvalidInputError {
  override readonly name = 'InvalidBackupError';
  override readonly status = 422;
}

/**
 * `lectern backup --out DIR`: a consistent snapshot of an instance while it runs. The catalog is copied first with
 * SQLite's online backup API, then every corpus, then the PDFs of every document: a document ready in the catalog
 * copy had its article committed before, so its corpus copy (taken later) has it. Objects go under `objects/<key>`,
 * whatever the store (local folder or MinIO); `manifest.json` lists every file with its SHA-256.
 */
export class BackupInstance {
  constructor(
    private readonly config: LecternConfig,
    private readonly catalog: CatalogDb,
    private readonly corpora: Pick<CorpusRegistry, 'fileOf'>,
    private readonly store: ObjectStore,
  ) {}

  async execute(outDir: string): Promise<BackupResult> {
    const dir = path.resolve(outDir);
    if (existsSync(dir) && (await fs.readdir(dir)).length > 0)
      throw new BackupRefusedError(`${dir} is not empty: a backup goes into a new folder`);
    await fs.mkdir(dir, { recursive: true });
    await backupDatabase(path.join(this.config.dataDir, CATALOG_FILE_NAME), path.join(dir, CATALOG_FILE_NAME));

    const projects: BackupManifest['projects'] = [];
    let objects = 0;
    for (const project of this.catalog.projects.list()) {
      const file = this.corpora.fileOf(project.id);
      const corpus = existsSync(file);
      if (corpus) {
        const target = path.join(dir, 'projects', project.id, 'corpus.sqlite');
        await fs.mkdir(path.dirname(target), { recursive: true });
        await backupDatabase(file, target);
      }
      projects.push({ id: project.id, name: project.name, corpus });
      for (const document of this.catalog.documents.listByProject(project.id)) {
        // Removed since the catalog copy, or not stored yet: the restored catalog's row (if any) fails its retry.
        if (!(await this.store.exists(document.storageKey))) continue;
        const target = path.join(dir, 'objects', ...document.storageKey.split('/'));
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, await this.store.get(document.storageKey));
        objects++;
      }
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      files: await describeFiles(dir),
      projects,
      objects,
    };
    await fs.writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return { dir, manifest };
  }
}

/**
 * `lectern restore DIR`: checks the manifest and every checksum, then copies the catalog and corpora into
 * `config.dataDir` and the objects into the configured store. The data directory must be empty (or absent) unless
 * `force`, which first removes its catalog, corpora and local objects. Run it with the service stopped.
 */
export async function restoreInstance(config: LecternConfig, backupDir: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const dir = path.resolve(backupDir);
  const manifest = await readManifest(dir);
  for (const file of manifest.files) {
    const actual = await sha256Of(path.join(dir, file.path)).catch(() => null);
    if (actual !== file.sha256) throw new InvalidBackupError(`backup ${dir} is damaged: ${file.path} does not match its checksum`);
  }
  const dataDir = config.dataDir;
  if (existsSync(dataDir) && (await fs.readdir(dataDir)).length > 0) {
    if (!options.force)
      throw new BackupRefusedError(`${dataDir} is not empty: restore into a fresh data directory, or add --force to replace it`);
    for (const entry of [CATALOG_FILE_NAME, `${CATALOG_FILE_NAME}-wal`, `${CATALOG_FILE_NAME}-shm`, 'projects', 'objects', 'tmp']) {
      await fs.rm(path.join(dataDir, entry), { recursive: true, force: true });
    }
  }
  await fs.mkdir(dataDir, { recursive: true });
  const store = createObjectStore(config);
  for (const file of manifest.files) {
    const source = path.join(dir, file.path);
    const [top, ...rest] = file.path.split('/');
    if (top === 'objects') {
      await store.put(rest.join('/'), await fs.readFile(source), { contentType: 'application/pdf' });
    } else {
      const target = path.join(dataDir, ...file.path.split('/'));
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.copyFile(source, target);
    }
  }
  return { dataDir, manifest };
}

async function readManifest(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  } catch (error) {
    throw new InvalidBackupError(`${dir} is not a Lectern backup: ${(error as Error).message}`);
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.files)) throw new InvalidBackupError(`${dir} is not a Lectern backup`);
  if (manifest.version > BACKUP_VERSION)
    throw new InvalidBackupError(`backup ${dir} has format version ${manifest.version}, newer than this Lectern's`);
  const allowed = new RegExp(`^(${CATALOG_FILE_NAME}|projects/[A-Za-z0-9_-]+/corpus\\.sqlite|objects(/[A-Za-z0-9_-][A-Za-z0-9._-]*)+)$`);
  for (const file of manifest.files) {
    if (typeof file.path !== 'string' || !allowed.test(file.path) || file.path.split('/').includes('..')) {
      throw new InvalidBackupError(`backup ${dir} lists an unexpected file ${JSON.stringify(file.path)}`);
    }
  }
  if (!manifest.files.some((f) => f.path === CATALOG_FILE_NAME)) throw new InvalidBackupError(`backup ${dir} has no catalog`);
  return manifest;
}

async function describeFiles(dir: string): Promise<BackupManifest['files']> {
  const files: BackupManifest['files'] = [];
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await fs.readdir(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (child !== MANIFEST) {
        const full = path.join(dir, child);
        files.push({ path: child, bytes: (await fs.stat(full)).size, sha256: await sha256Of(full) });
      }
    }
  };
  await walk('');
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
