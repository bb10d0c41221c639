/**
 * @jest-environment <rootDir>/libs/embeddings/src/testing/onnx.jest-environment.js
 */
import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '@lectern/config';
import type { CatalogDb } from '@lectern/corpus';
import { CATALOG, CORPUS_REGISTRY, OBJECT_STORE, createLectern, type Lectern } from '@lectern/application';
import type { CorpusRegistry } from '@lectern/ingest';
import type { ObjectStore } from '@lectern/storage';
import { buildTinyBertModel } from '../../../../test/fixtures/tiny-model/build-tiny-model';
import { sink } from '../../../../test/support/cli';
import { corpusPdf } from '../../../../test/support/paths';
import { commandDeps } from '../command-deps';
import { exportCommand } from './export.command';
import { importCommand } from './import.command';
import { ingestCommand } from './ingest.command';
import { searchCommand } from './search.command';

const TINY = 'lectern-test/tiny-bert';
const PDFS = ['dib-2019-sanni-p454.pdf', 'qasper-1810.08699.pdf'];
const QUERIES = ['cotton fibre quality', 'sentiment of tweets'];

async function search(lectern: Lectern, project: string, query: string): Promise<unknown> {
  const out = sink();
  expect(await searchCommand(commandDeps.search(lectern), query, { project, k: '8', json: true }, out)).toBe(0);
  return JSON.parse(out.text());
}

/** Every file under `dir`, relative; empty when it does not exist. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
}

describe(importCommand.name, () => {
  let work = '';
  let source: Lectern;
  let exported = '';
  const env = (dataDir: string, extra: Record<string, string> = {}) => ({
    LECTERN_DATA_DIR: dataDir,
    MODELS_DIR: path.join(work, 'models'),
    EMBEDDINGS: 'lexical',
    WORKERS: '0',
    ...extra,
  });
  const open = async (dataDir: string, extra: Record<string, string> = {}) => {
    const lectern = await createLectern(loadConfig(env(dataDir, extra)));
    opened.push(lectern);
    return lectern;
  };
  const opened: Lectern[] = [];

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-import-'));
    buildTinyBertModel(path.join(work, 'models'), { vocab: ['cotton', 'fibre', 'sentiment', 'twitter', 'tweets'] });
    source = await open(path.join(work, 'a'));
    expect(await ingestCommand(commandDeps.ingest(source), PDFS.map(corpusPdf), { project: 'bio' }, sink(), sink())).toBe(0);
    exported = path.join(work, 'bio.sqlite');
    const err = sink();
    expect(await exportCommand(commandDeps.export(source), { project: 'bio', out: exported, withPdfs: true }, err)).toBe(0);
    expect(err.text()).toMatch(/, 2 PDFs to /);
  });
  afterAll(async () => {
    for (const lectern of opened) await lectern.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('imports an export into another data directory: same search results, documents ready, PDFs stored, no re-embed', async () => {
    const target = await open(path.join(work, 'b'));
    const out = sink();
    expect(await importCommand(commandDeps.import(target), exported, { project: 'copy' }, out, sink())).toBe(0);
    expect(out.text()).toMatch(
      /imported project "copy" \(.+\): 2 articles, \d+ contexts, 2 documents, 2 PDFs; vectors from lectern\/lexical-hash-v1/,
    );
    expect(out.text()).not.toMatch(/re-embedded/);

    for (const query of QUERIES) expect(await search(target, 'copy', query)).toEqual(await search(source, 'bio', query));

    const catalog = target.get<CatalogDb>(CATALOG);
    const project = catalog.projects.findByName('copy')!;
    const documents = catalog.documents.listByProject(project.id);
    expect(documents.map((d) => d.status)).toEqual(['ready', 'ready']);
    const corpus = target.get<CorpusRegistry>(CORPUS_REGISTRY).get(project.id);
    for (const document of documents) {
      expect(corpus.getArticle(document.articleId!)?.documentId).toBe(document.id);
      const pdf = await target.get<ObjectStore>(OBJECT_STORE).get(document.storageKey);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('with another embedding model configured, imports then re-embeds with progress, and search works', async () => {
    const target = await open(path.join(work, 'c'), { EMBEDDINGS: 'transformers', EMBEDDING_MODEL: TINY });
    const out = sink();
    const err = sink();
    expect(await importCommand(commandDeps.import(target), exported, { project: 'tiny' }, out, err)).toBe(0);
    expect(err.text()).toMatch(/re-embedding…\n… 0\/\d+ contexts re-embedded[\s\S]*… (\d+)\/\1 contexts re-embedded/);
    expect(out.text()).toMatch(/re-embedded \d+ contexts with lectern-test\/tiny-bert \(32 dimensions\)/);
    const body = (await search(target, 'tiny', 'cotton fibre')) as { results: unknown[] };
    expect(body.results.length).toBeGreaterThan(0);
  });

  it('with --no-reembed and another model, refuses with the command to run and leaves nothing behind', async () => {
    const dataDir = path.join(work, 'd');
    const target = await open(dataDir, { EMBEDDINGS: 'transformers', EMBEDDING_MODEL: TINY });
    const before = filesUnder(dataDir);
    await expect(importCommand(commandDeps.import(target), exported, { project: 'tiny', reembed: false }, sink(), sink())).rejects.toThrow(
      /embedded with "lectern\/lexical-hash-v1" \(768 dimensions\).*run `lectern import .*bio\.sqlite --project tiny` without --no-reembed.*EMBEDDING_MODEL=lectern\/lexical-hash-v1/,
    );
    expect(target.get<CatalogDb>(CATALOG).projects.findByName('tiny')).toBeNull();
    expect(filesUnder(dataDir)).toEqual(before);
  });

  it('refuses a hostile file and leaves no project, corpus, staging folder or object', async () => {
    const hostile = path.join(work, 'hostile.sqlite');
    fs.copyFileSync(exported, hostile);
    const db = new Database(hostile);
    db.exec("CREATE TRIGGER steal AFTER INSERT ON articles BEGIN SELECT load_extension('/tmp/evil.so'); END");
    db.close();
    const dataDir = path.join(work, 'e');
    const target = await open(dataDir);
    const before = filesUnder(dataDir);
    await expect(importCommand(commandDeps.import(target), hostile, { project: 'evil' }, sink(), sink())).rejects.toThrow(
      /^import refused: the file carries a trigger \(steal\) that is not Lectern's$/,
    );
    expect(target.get<CatalogDb>(CATALOG).projects.findByName('evil')).toBeNull();
    expect(filesUnder(dataDir)).toEqual(before);
  });

  it('refuses a name that is taken before reading the file', async () => {
    await expect(importCommand(commandDeps.import(source), exported, { project: 'bio' }, sink(), sink())).rejects.toThrow(
      /a project named "bio" already exists/,
    );
  });
});
