import { mkdirSync, promises as fs, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CatalogDb } from '@lectern/corpus';
import { CorpusRegistry, DocumentIntake, ProjectNotFoundError, removeDocument, removeProject, SqliteJobQueue } from '@lectern/ingest';
import { LocalObjectStore } from '@lectern/storage';
import { buildShortPdf } from './hostile-pdfs';

/**
 * A real local store whose next `put` or `delete` waits at a gate the test opens: races run in a chosen order. Its
 * writes are synchronous, so an upload that is not held back has stored its file before the next event-loop turn.
 */
class GatedStore extends LocalObjectStore {
  gate: { on: 'put' | 'delete'; reached: () => void; open: Promise<void> } | null = null;
  constructor(private readonly dir: string) {
    super(dir);
  }
  override async put(key: string, data: Buffer): Promise<void> {
    const file = path.join(this.dir, ...key.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, data);
    await this.pass('put');
  }
  override async delete(key: string): Promise<void> {
    await this.pass('delete');
    await super.delete(key);
  }
  private async pass(on: 'put' | 'delete'): Promise<void> {
    const gate = this.gate;
    if (gate?.on !== on) return;
    this.gate = null;
    gate.reached();
    await gate.open;
  }
}

function gateAt(store: GatedStore, on: 'put' | 'delete') {
  let open!: () => void;
  let reached!: () => void;
  const atGate = new Promise<void>((resolve) => (reached = resolve));
  store.gate = { on, reached, open: new Promise<void>((resolve) => (open = resolve)) };
  return { atGate, open };
}

/** Issue 20 items 6 and 7: uploads racing deletes, driven in a fixed order by gates in the object store. */
describe('uploads racing deletes', () => {
  let dir: string;
  let catalog: CatalogDb;
  let store: GatedStore;
  let corpora: CorpusRegistry;
  let intake: DocumentIntake;
  let projectId: string;
  const pdf = buildShortPdf(['Races between uploads and deletes.', 'The later request must win, and nothing stays behind.']);

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-races-'));
    catalog = CatalogDb.open(dir);
    store = new GatedStore(path.join(dir, 'objects'));
    corpora = new CorpusRegistry(dir, { modelId: 'lexical', dimension: 8 });
    intake = new DocumentIntake(catalog, new SqliteJobQueue(catalog.jobs, { leaseMs: 30_000 }), store, 1024 * 1024);
    projectId = catalog.projects.create('races').id;
  });
  afterEach(async () => {
    corpora.closeAll();
    catalog.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const storedFiles = async () => (await fs.readdir(path.join(dir, 'objects'), { recursive: true })).filter((f) => f.endsWith('.pdf'));

  it('answers 404 to an upload whose project is deleted while its file is stored, and leaves no PDF behind', async () => {
    const { atGate, open } = gateAt(store, 'put');
    const upload = intake.submit(projectId, [{ originalName: 'a.pdf', data: pdf }]);
    await atGate;
    await removeProject({ catalog, store, corpora }, projectId);
    open();
    await expect(upload).rejects.toBeInstanceOf(ProjectNotFoundError);
    await expect(upload).rejects.toMatchObject({ status: 404 });
    expect(await storedFiles()).toEqual([]);
  });

  it('ends a re-upload racing the delete of the same file as a live document with its PDF', async () => {
    const first = (await intake.submit(projectId, [{ originalName: 'a.pdf', data: pdf }])).accepted[0].document;
    const { atGate, open } = gateAt(store, 'delete');
    const removal = removeDocument({ catalog, store, corpora }, first.id);
    await atGate;
    const upload = intake.submit(projectId, [{ originalName: 'a.pdf', data: pdf }]);
    // One event-loop turn: an upload not held back by the removal has stored its PDF and made its row by now.
    await new Promise((resolve) => setImmediate(resolve));
    open();
    await removal;
    const again = (await upload).accepted[0];
    expect(again.duplicate).toBe(false);
    expect(catalog.documents.findById(again.document.id)?.status).toBe('queued');
    expect(await store.get(again.document.storageKey)).toHaveLength(pdf.length);
  });
});
