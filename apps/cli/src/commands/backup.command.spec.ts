import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '@lectern/config';
import type { CatalogDb, DocumentRow } from '@lectern/corpus';
import { CATALOG, CORPUS_REGISTRY, OBJECT_STORE, createLectern, type Lectern } from '@lectern/application';
import type { CorpusRegistry } from '@lectern/ingest';
import type { ObjectStore } from '@lectern/storage';
import { sink } from '../../../../test/support/cli';
import { corpusPdf } from '../../../../test/support/paths';
import { commandDeps } from '../command-deps';
import { backupCommand, restoreCommand } from './backup.command';
import { ingestCommand } from './ingest.command';

const PDFS = ['dib-2019-sanni-p454.pdf', 'arxiv-1211.2288.pdf', 'qasper-1810.08699.pdf'];

describe(backupCommand.name, () => {
  let work = '';
  const opened: Lectern[] = [];
  const config = (dataDir: string) =>
    loadConfig({ LECTERN_DATA_DIR: dataDir, EMBEDDINGS: 'lexical', WORKERS: '0', MAX_CONCURRENT_DOCUMENTS: '1' });
  const open = async (dataDir: string) => {
    const lectern = await createLectern(config(dataDir));
    opened.push(lectern);
    return lectern;
  };

  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-backup-'));
  });
  afterAll(async () => {
    for (const lectern of opened) await lectern.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('backs up during an ingest; the restored instance has every document ready at backup time, searchable', async () => {
    const live = await open(path.join(work, 'live'));
    const catalog = live.get<CatalogDb>(CATALOG);
    const ingest = ingestCommand(commandDeps.ingest(live), PDFS.map(corpusPdf), { project: 'bio' }, sink(), sink());
    // Yield until the ingest is part-way: some documents ready, others not yet.
    const statuses = (): DocumentRow[] => {
      const project = catalog.projects.findByName('bio');
      return project ? catalog.documents.listByProject(project.id) : [];
    };
    while (!statuses().some((d) => d.status === 'ready')) await new Promise((resolve) => setImmediate(resolve));
    const readyAtBackup = statuses().filter((d) => d.status === 'ready');
    expect(readyAtBackup.length).toBeLessThan(PDFS.length); // the backup starts mid-ingest
    const out = path.join(work, 'backup');
    const report = sink();
    expect(await backupCommand(commandDeps.backup(live), { out }, report)).toBe(0);
    expect(report.text()).toMatch(/^backed up 1 projects, \d+ objects, \d+ files to /);
    expect(await ingest).toBe(0);

    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')) as { files: Array<{ path: string }> };
    expect(manifest.files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['catalog.sqlite', expect.stringMatching(/^projects\/.+\/corpus\.sqlite$/)]),
    );

    const freshDir = path.join(work, 'restored');
    expect(await restoreCommand(config(freshDir), out, {}, sink())).toBe(0);
    const restored = await open(freshDir);
    const restoredCatalog = restored.get<CatalogDb>(CATALOG);
    const project = restoredCatalog.projects.findByName('bio')!;
    const corpus = restored.get<CorpusRegistry>(CORPUS_REGISTRY).get(project.id);
    expect(corpus.stats().articles).toBeGreaterThanOrEqual(readyAtBackup.length);
    const ready = restoredCatalog.documents.listByProject(project.id).filter((d) => d.status === 'ready');
    // Ready at backup ⇒ ready after restore (a document that became ready during the backup may be there too).
    expect(ready.map((d) => d.id)).toEqual(expect.arrayContaining(readyAtBackup.map((d) => d.id)));
    for (const document of ready) {
      const article = corpus.getArticle(document.articleId!)!;
      const first = corpus.listArticleContexts(article.id)[0];
      const hits = corpus.keywordSearch(first.text.split(/\s+/).slice(0, 12).join(' '), 5);
      expect(hits.map((hit) => hit.article.id)).toContain(article.id);
      const pdf = await restored.get<ObjectStore>(OBJECT_STORE).get(document.storageKey);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('refuses a non-empty data directory without --force, and a damaged backup', async () => {
    const live = await open(path.join(work, 'small'));
    expect(await ingestCommand(commandDeps.ingest(live), [corpusPdf(PDFS[0])], { project: 'one' }, sink(), sink())).toBe(0);
    const out = path.join(work, 'small-backup');
    expect(await backupCommand(commandDeps.backup(live), { out }, sink())).toBe(0);
    await expect(backupCommand(commandDeps.backup(live), { out }, sink())).rejects.toThrow(/is not empty: a backup goes into a new folder/);

    await expect(restoreCommand(config(path.join(work, 'small')), out, {}, sink())).rejects.toThrow(/is not empty: .*--force/);
    const forced = path.join(work, 'forced');
    fs.mkdirSync(forced);
    fs.writeFileSync(path.join(forced, 'catalog.sqlite'), 'old');
    expect(await restoreCommand(config(forced), out, { force: true }, sink())).toBe(0);
    expect(fs.readFileSync(path.join(forced, 'catalog.sqlite')).subarray(0, 15).toString()).toBe('SQLite format 3');

    const catalogCopy = path.join(out, 'catalog.sqlite');
    fs.appendFileSync(catalogCopy, 'tampered');
    await expect(restoreCommand(config(path.join(work, 'never')), out, {}, sink())).rejects.toThrow(
      /catalog\.sqlite does not match its checksum/,
    );
    expect(fs.existsSync(path.join(work, 'never'))).toBe(false);
  });
});
