import { mkdirSync, promises as fs, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CheckDataDir } from '@lectern/application';
import { loadConfig } from '@lectern/config';
import { CatalogDb } from '@lectern/corpus';
import { cleanFilename, CorpusRegistry, DocumentIntake, removeProject, SqliteJobQueue } from '@lectern/ingest';
import { LocalObjectStore } from '@lectern/storage';
import { doctorCommand } from '../../apps/cli/src/commands/doctor.command';
import { buildShortPdf } from './hostile-pdfs';

/** Issue 20 item 11: leftovers of kills and deletions are found and removed; every corpus is checked. */
describe(CheckDataDir.name, () => {
  let dir: string;
  let catalog: CatalogDb;
  let corpora: CorpusRegistry;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-doctor-'));
    catalog = CatalogDb.open(dir);
    corpora = new CorpusRegistry(dir, { modelId: 'lexical', dimension: 8 });
  });
  afterEach(async () => {
    corpora.closeAll();
    catalog.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('finds an orphan PDF, a deleted project’s empty directory and an unfinished upload, and removes them with --fix', async () => {
    const store = new LocalObjectStore(path.join(dir, 'objects'));
    const intake = new DocumentIntake(catalog, new SqliteJobQueue(catalog.jobs, { leaseMs: 30_000 }), store, 1024 * 1024);
    const kept = catalog.projects.create('kept').id;
    const { document } = (await intake.submit(kept, [{ originalName: 'a.pdf', data: buildShortPdf(['kept']) }])).accepted[0];
    corpora.get(kept);
    const gone = catalog.projects.create('gone').id;
    await intake.submit(gone, [{ originalName: 'b.pdf', data: buildShortPdf(['gone']) }]);
    await removeProject({ catalog, store, corpora }, gone);
    // A kill between storing a PDF and creating its row leaves the PDF alone.
    await store.put(`projects/${kept}/documents/${'f'.repeat(64)}.pdf`, buildShortPdf(['orphan']));
    mkdirSync(path.join(dir, 'tmp', 'upload-abc'), { recursive: true });
    writeFileSync(path.join(dir, 'tmp', 'upload-abc', '1.pdf'), 'partial');

    const doctor = new CheckDataDir(loadConfig({ LECTERN_DATA_DIR: dir }), catalog, corpora);
    const found = await doctor.execute({ minAgeMs: 0 });
    expect(found).toMatchObject({
      orphanObjects: [`projects/${kept}/documents/${'f'.repeat(64)}.pdf`],
      emptyDirs: [`projects/${gone}`],
      staleUploads: ['upload-abc'],
      corpusProblems: [],
    });
    const out: string[] = [];
    const sink = { write: (s: string) => out.push(s) } as unknown as NodeJS.WritableStream;
    expect(await doctorCommand({ checkDataDir: doctor }, { fix: true, minAgeMs: 0 }, sink)).toBe(0);
    expect(out.join('')).toMatch(/removed orphan PDF .*\nremoved empty object directory .*\nremoved unfinished upload tmp\/upload-abc/);
    expect(await doctor.execute({ minAgeMs: 0 })).toMatchObject({ orphanObjects: [], emptyDirs: [], staleUploads: [], corpusProblems: [] });
    expect(await store.exists(document.storageKey)).toBe(true);
  });

  it('leaves files younger than the minimum age alone: an upload may be in flight', async () => {
    const project = catalog.projects.create('young').id;
    await new LocalObjectStore(path.join(dir, 'objects')).put(
      `projects/${project}/documents/${'e'.repeat(64)}.pdf`,
      buildShortPdf(['young']),
    );
    const doctor = new CheckDataDir(loadConfig({ LECTERN_DATA_DIR: dir }), catalog, corpora);
    expect((await doctor.execute({ fix: true })).orphanObjects).toEqual([]);
  });

  it('refuses a filename with a right-to-left override', () => {
    expect(() => cleanFilename('invoice\u202Efdp.exe')).toThrow(
      'invalid filename "invoice\\u202Efdp.exe": it contains bidirectional control characters',
    );
  });
});
