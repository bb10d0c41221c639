import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { LecternConfig } from '@lectern/config';
import { checkCorpusFile, type CatalogDb } from '@lectern/corpus';
import type { CorpusRegistry } from '@lectern/ingest';

/** What `lectern doctor` found; with `--fix`, what it removed. */
export interface DataDirReport {
  /** Stored PDFs no document points at (a kill mid-upload, a crash mid-removal), relative to the object store. */
  orphanObjects: string[];
  /** Directories of the object store with nothing in them (a deleted project's). */
  emptyDirs: string[];
  /** Temp directories of uploads that never finished. */
  staleUploads: string[];
  /** One line per problem found in a corpus: integrity, or an index that does not cover every context. */
  corpusProblems: string[];
  /** Set when the object store is MinIO: it is not scanned. */
  skipped: string | null;
  fixed: boolean;
}

export interface CheckDataDirOptions {
  fix?: boolean;
  /** Files younger than this are left alone: an upload or a removal may be in flight (default 10 minutes). */
  minAgeMs?: number;
  now?: () => number;
}

/**
 * `lectern doctor` (issue 20 item 11): finds orphan PDFs, empty object directories and stale upload temp files, and
 * checks every corpus (`PRAGMA integrity_check`, FTS5 and vector rows against contexts); `fix` removes the leftovers.
 * Corpus problems are reported, never "fixed": a corpus is rebuilt by re-ingesting or `lectern reembed`.
 */
export class CheckDataDir {
  constructor(
    private readonly config: LecternConfig,
    private readonly catalog: CatalogDb,
    private readonly corpora: CorpusRegistry,
  ) {}

  async execute(options: CheckDataDirOptions = {}): Promise<DataDirReport> {
    const minAgeMs = options.minAgeMs ?? 10 * 60_000;
    const now = options.now ?? Date.now;
    const old = async (file: string) => now() - (await fs.stat(file)).mtimeMs >= minAgeMs;
    const report: DataDirReport = { orphanObjects: [], emptyDirs: [], staleUploads: [], corpusProblems: [], skipped: null, fixed: false };
    const projects = this.catalog.projects.list();
    const known = new Set(projects.flatMap((p) => this.catalog.documents.listByProject(p.id).map((d) => d.storageKey)));

    if (this.config.minio) report.skipped = 'the object store is MinIO: orphan objects are not scanned';
    else {
      const root = path.join(this.config.dataDir, 'objects');
      for (const file of await filesUnder(root)) {
        const key = path.relative(root, file).split(path.sep).join('/');
        if (key.endsWith('.pdf') && !known.has(key) && (await old(file))) report.orphanObjects.push(key);
      }
      if (options.fix) for (const key of report.orphanObjects) await fs.rm(path.join(root, ...key.split('/')), { force: true });
      report.emptyDirs = (await emptyDirsUnder(root)).map((dir) => path.relative(root, dir).split(path.sep).join('/'));
      if (options.fix) for (const dir of report.emptyDirs) await fs.rm(path.join(root, dir), { recursive: true, force: true });
    }

    const tmp = path.join(this.config.dataDir, 'tmp');
    for (const name of await fs.readdir(tmp).catch(() => [] as string[])) {
      if (name.startsWith('upload-') && (await old(path.join(tmp, name)))) report.staleUploads.push(name);
    }
    if (options.fix) for (const name of report.staleUploads) await fs.rm(path.join(tmp, name), { recursive: true, force: true });

    for (const project of projects) {
      const file = this.corpora.fileOf(project.id);
      if (!(await fs.stat(file).catch(() => null))) continue;
      const check = checkCorpusFile(file);
      const label = `project ${JSON.stringify(project.name)} (${project.id})`;
      if (check.integrity !== 'ok') report.corpusProblems.push(`${label}: integrity_check: ${check.integrity}`);
      if (check.keywordRows !== check.contexts)
        report.corpusProblems.push(`${label}: ${check.keywordRows} keyword rows for ${check.contexts} contexts`);
      if (check.vectorRows !== check.contexts)
        report.corpusProblems.push(`${label}: ${check.vectorRows} vectors for ${check.contexts} contexts`);
    }
    report.fixed = options.fix === true;
    return report;
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat();
}

/** Directories holding no file at any depth, outermost first (removing one removes those inside it). */
async function emptyDirsUnder(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (dir: string): Promise<boolean> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    let empty = true;
    const emptyChildren: string[] = [];
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && (await visit(full))) emptyChildren.push(full);
      else empty = false;
    }
    if (empty && dir !== root) return true;
    found.push(...emptyChildren);
    return false;
  };
  await visit(root);
  return found;
}
