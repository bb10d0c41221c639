import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { corpusPdf } from './support/paths';
import { runLectern } from './support/cli';

interface DocRow {
  filename: string;
  status: string;
  article_id: string | null;
}

/** kill -9 in the middle of an ingest: what was committed stays, the interrupted document resumes on restart. */
describe('crash during ingest (e2e)', () => {
  let work: string;

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-crash-'));
  });
  afterAll(() => fs.rm(work, { recursive: true, force: true }));

  const documents = (dataDir: string): DocRow[] => {
    const db = new Database(path.join(dataDir, 'catalog.sqlite'), { readonly: true, fileMustExist: true });
    try {
      return db.prepare('SELECT filename, status, article_id FROM documents ORDER BY created_at').all() as DocRow[];
    } finally {
      db.close();
    }
  };

  it('keeps earlier documents and resumes the interrupted one', async () => {
    const dataDir = path.join(work, 'data');
    const env = { LECTERN_DATA_DIR: dataDir, JOB_LEASE_SECONDS: '1' };
    const files = [corpusPdf('arxiv-1211.2288.pdf'), corpusPdf('thinkos-0.7.4.pdf')];
    const run = runLectern(['ingest', ...files, '--project', 'crash'], env);

    // Wait until the small paper is ready and the 99-page book is being processed, then kill -9.
    const deadline = Date.now() + 60_000;
    let killedDuring = '';
    while (Date.now() < deadline && !killedDuring) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const rows = await fs
        .access(path.join(dataDir, 'catalog.sqlite'))
        .then(() => documents(dataDir))
        .catch(() => []);
      const book = rows.find((r) => r.filename === 'thinkos-0.7.4.pdf');
      if (rows[0]?.status === 'ready' && book && ['parsing', 'embedding'].includes(book.status)) {
        run.child.kill('SIGKILL');
        killedDuring = book.status;
      }
    }
    const killed = await run.done;
    expect(killedDuring).not.toBe('');
    expect(killed.signal).toBe('SIGKILL');

    const afterCrash = documents(dataDir);
    expect(afterCrash[0]).toMatchObject({ filename: 'arxiv-1211.2288.pdf', status: 'ready' });
    expect(afterCrash[1].status).toBe(killedDuring);

    const resumed = await runLectern(['ingest', ...files, '--project', 'crash'], env).done;
    expect(resumed.stdout).toMatch(/^duplicate {2}.*arxiv-1211\.2288\.pdf$/m);
    expect(resumed.stdout).toMatch(/^ready {2}.*thinkos-0\.7\.4\.pdf {2}\(99 pages/m);
    expect(resumed.code).toBe(0);

    const final = documents(dataDir);
    expect(final.map((d) => d.status)).toEqual(['ready', 'ready']);
    const projectDirs = await fs.readdir(path.join(dataDir, 'projects'));
    const corpus = new Database(path.join(dataDir, 'projects', projectDirs[0], 'corpus.sqlite'), { readonly: true });
    try {
      const articles = corpus.prepare('SELECT id, document_id FROM articles').all() as Array<{ id: string }>;
      expect(articles).toHaveLength(2);
      expect(articles.map((a) => a.id).sort()).toEqual(final.map((d) => d.article_id).sort());
    } finally {
      corpus.close();
    }
  });
});
