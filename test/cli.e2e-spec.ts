import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { corpusPdf } from './support/paths';
import { runLectern } from './support/cli';
import { buildScannedPdf } from './support/scanned-pdf';

describe('lectern CLI (e2e)', () => {
  let dataDir: string;
  let work: string;
  const env = () => ({ LECTERN_DATA_DIR: dataDir });

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-cli-'));
    dataDir = path.join(work, 'data');
    const folder = path.join(work, 'papers');
    await fs.mkdir(folder);
    await fs.copyFile(corpusPdf('acl-N18-3011.pdf'), path.join(folder, 'graph.pdf'));
    await fs.copyFile(corpusPdf('arxiv-1211.2288.pdf'), path.join(folder, 'higgs.pdf'));
    await fs.writeFile(path.join(folder, 'readme.pdf'), 'this is not a pdf');
  });
  afterAll(() => fs.rm(work, { recursive: true, force: true }));

  it('ingests a folder, prints one line per file, and exits 1 because one file failed', async () => {
    const run = await runLectern(['ingest', path.join(work, 'papers'), '--project', 'demo'], env()).done;
    expect(run.code).toBe(1);
    const lines = run.stdout.trim().split('\n').sort();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^failed {2}.*readme\.pdf {2}not a PDF/);
    expect(lines[1]).toMatch(/^ready {2}.*graph\.pdf {2}\(8 pages, \d+ sections, \d+ contexts\)/);
    expect(lines[2]).toMatch(/^ready {2}.*higgs\.pdf {2}\(4 pages/);
  });

  it('reports a second ingest of the same file as a duplicate and exits 0', async () => {
    const run = await runLectern(['ingest', path.join(work, 'papers', 'graph.pdf'), '--project', 'demo'], env()).done;
    expect(run.stdout.trim()).toMatch(/^duplicate {2}.*graph\.pdf$/);
    expect(run.code).toBe(0);
  });

  it('searches with --json and names article, section and page', async () => {
    const run = await runLectern(['search', 'knowledge base entity linking', '--project', 'demo', '--k', '3', '--json'], env()).done;
    expect(run.code).toBe(0);
    const body = JSON.parse(run.stdout);
    expect(body.results).toHaveLength(3);
    expect(body.results[0]).toMatchObject({ page: expect.any(Number), article: { title: expect.stringMatching(/Literature Graph/) } });
  });

  it('prints readable results by default', async () => {
    const run = await runLectern(['search', 'spin-1 particle', '--project', 'demo', '--mode', 'keyword'], env()).done;
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^1\. .+ — .+, p\. \d+ {2}\(score /m);
  });

  it('searches and asks one paper with --paper, by part of its title or by its id', async () => {
    const byTitle = await runLectern(
      ['search', 'knowledge base entity linking', '--project', 'demo', '--paper', 'literature GRAPH', '--json'],
      env(),
    ).done;
    expect(byTitle.code).toBe(0);
    const hits = JSON.parse(byTitle.stdout).results as Array<{ article: { id: string; title: string } }>;
    expect(hits.length).toBeGreaterThan(0);
    expect(new Set(hits.map((h) => h.article.title))).toEqual(new Set(['Construction of the Literature Graph in Semantic Scholar']));
    const ask = await runLectern(['ask', 'What is measured?', '--project', 'demo', '--paper', hits[0].article.id, '--json'], env()).done;
    expect(ask.code).toBe(0);
    const citations = JSON.parse(ask.stdout).citations as Array<{ articleId: string }>;
    expect(citations.every((c) => c.articleId === hits[0].article.id)).toBe(true);
  });

  it.each([
    // The query is an argument, not a flag: the message names it as the user typed it.
    [['search', '', '--project', 'demo'], /^lectern: the query must not be empty\n$/],
    [['search', 'x', '--project', 'nope'], /no project "nope"/],
    [['search', 'x', '--project', 'demo', '--k', '0'], /--k/],
    [['search', 'x', '--project', 'demo', '--mode', 'magic'], /--mode/],
    [['ingest', '/no/such/file.pdf', '--project', 'demo'], /no such file or folder/],
    [['export', '--project', 'nope', '--out', 'x.sqlite'], /no project/],
    // A DomainError the CLI has no special case for (InvalidReembedError) is shown as its message too.
    [['reembed', '--project', 'demo', '--model', ''], /^lectern: --model must not be empty\n$/],
    [
      ['search', 'x', '--project', 'demo', '--paper', 'no such paper'],
      /no paper in this project has the id or a title containing "no such paper"/,
    ],
    [['ask', 'x', '--project', 'demo', '--paper', ''], /the paper to search must not be empty/],
    [['explore', 'x', '--project', 'demo', '--paper', 'zzz'], /no paper in this project/],
  ])('exits non-zero with a clear message for %j', async (args, message) => {
    const run = await runLectern(args, env()).done;
    expect(run.code).toBeGreaterThan(0);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a bad environment variable with a message naming it', async () => {
    const run = await runLectern(['search', 'x', '--project', 'demo'], { ...env(), CONTEXT_MAX_TOKENS: 'lots' }).done;
    expect(run.code).toBeGreaterThan(0);
    expect(run.stderr).toMatch(/Invalid environment variables: CONTEXT_MAX_TOKENS/);
  });

  it('exports a file that plain SQLite opens, and will not overwrite without --force', async () => {
    const out = path.join(work, 'demo.sqlite');
    const first = await runLectern(['export', '--project', 'demo', '--out', out], env()).done;
    expect(first.code).toBe(0);
    const db = new Database(out, { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM articles').get()).toEqual({ n: 2 });
      const columns = db.prepare("SELECT name FROM pragma_table_info('contexts')").all() as Array<{ name: string }>;
      expect(columns.map((c) => c.name)).toEqual(
        expect.arrayContaining([
          'id',
          'text',
          'section_title',
          'section_number',
          'num_tokens',
          'page_number',
          'stop_reason',
          'embedding',
          'embedding_model',
          'kind',
        ]),
      );
    } finally {
      db.close();
    }
    const again = await runLectern(['export', '--project', 'demo', '--out', out], env()).done;
    expect(again.code).toBeGreaterThan(0);
    expect(again.stderr).toMatch(/already exists/);
    expect((await runLectern(['export', '--project', 'demo', '--out', out, '--force'], env()).done).code).toBe(0);
  });

  it('prints the page OCR is at while a scanned PDF is ingested: `scan.pdf ocr 1/2`', async () => {
    const scan = await buildScannedPdf(new Uint8Array(await fs.readFile(corpusPdf('acl-N18-3011.pdf'))), [{ scan: 2 }, { scan: 3 }]);
    const file = path.join(work, 'scan.pdf');
    await fs.writeFile(file, scan);
    const run = await runLectern(['ingest', file, '--project', 'scans'], { LECTERN_DATA_DIR: path.join(work, 'scans') }).done;
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(/^ready {2}.*scan\.pdf {2}\(2 pages/);
    // Page 1 shows while page 2 is read (seconds of OCR), named by its step rather than the stage.
    expect(run.stderr).toMatch(/scan\.pdf ocr 1\/2/);
    expect(run.stderr).not.toMatch(/scan\.pdf parsing/);
  }, 120_000);
});
