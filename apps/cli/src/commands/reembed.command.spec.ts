/**
 * @jest-environment <rootDir>/libs/embeddings/src/testing/onnx.jest-environment.js
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '@lectern/config';
import { CorpusDb, EmbeddingModelMismatchError, type CatalogDb } from '@lectern/corpus';
import { LEXICAL_MODEL_ID, TransformersEmbedder } from '@lectern/embeddings';
import { CATALOG, CORPUS_REGISTRY, createLectern, type Lectern } from '@lectern/application';
import type { CorpusRegistry } from '@lectern/ingest';
import { SearchService } from '@lectern/retrieval';
import { buildTinyBertModel } from '../../../../test/fixtures/tiny-model/build-tiny-model';
import { sink } from '../../../../test/support/cli';
import { corpusPdf } from '../../../../test/support/paths';
import { CliError } from '../cli-error';
import { commandDeps } from '../command-deps';
import { ingestCommand } from './ingest.command';
import { reembedCommand } from './reembed.command';

const TINY = 'lectern-test/tiny-bert';
const PDFS = ['dib-2019-sanni-p454.pdf', 'qasper-1810.08699.pdf'];

describe(reembedCommand.name, () => {
  let dataDir = '';
  let lectern: Lectern;
  let runtime: ReturnType<typeof commandDeps.reembed> & { catalog: CatalogDb; corpora: CorpusRegistry };
  const env = () => ({
    LECTERN_DATA_DIR: dataDir,
    MODELS_DIR: path.join(dataDir, 'models'),
    EMBEDDINGS: 'lexical',
    EMBEDDING_MODEL: TINY,
    WORKERS: '0',
  });

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-reembed-'));
    buildTinyBertModel(path.join(dataDir, 'models'), { vocab: ['cotton', 'fibre', 'sentiment', 'twitter', 'tweets'] });
    lectern = await createLectern(loadConfig(env()));
    runtime = {
      ...commandDeps.reembed(lectern),
      catalog: lectern.get<CatalogDb>(CATALOG),
      corpora: lectern.get<CorpusRegistry>(CORPUS_REGISTRY),
    };
    const code = await ingestCommand(commandDeps.ingest(lectern), PDFS.map(corpusPdf), { project: 'bio' }, sink(), sink());
    expect(code).toBe(0);
  });
  afterEach(async () => {
    await lectern.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('re-embeds a lexical corpus with the tiny transformers model; search works and the old model is refused', async () => {
    const projectId = runtime.catalog.projects.findByName('bio')!.id;
    const file = runtime.corpora.fileOf(projectId);
    const contexts = runtime.corpora.get(projectId).stats();
    const out = sink();
    const err = sink();

    expect(await reembedCommand(runtime, { project: 'bio', model: TINY, batchSize: 16 }, out, err)).toBe(0);
    expect(err.text()).toMatch(/embedder: .*lectern-test\/tiny-bert.*32 dimensions/);
    expect(err.text()).toMatch(/… 0\/\d+ contexts re-embedded\n[\s\S]*… (\d+)\/\1 contexts re-embedded/);
    expect(out.text()).toMatch(
      /project "bio": \d+ contexts re-embedded with lectern-test\/tiny-bert \(32 dimensions\) .* was lectern\/lexical-hash-v1 \(768 dimensions\)/,
    );
    expect(err.text()).toContain('EMBEDDING_MODEL=lectern-test/tiny-bert');

    // The runtime still embeds lexically: its corpus handle is refused, naming the re-embed command.
    expect(() => runtime.corpora.get(projectId)).toThrow(EmbeddingModelMismatchError);
    expect(() => CorpusDb.open(file, { modelId: LEXICAL_MODEL_ID, dimension: 768 })).toThrow(/lectern reembed/);

    const tiny = await TransformersEmbedder.load({ model: TINY, modelsDir: path.join(dataDir, 'models'), allowDownload: false });
    const corpus = CorpusDb.open(file, { modelId: tiny.modelId, dimension: tiny.dimension });
    try {
      expect(corpus.stats()).toEqual(contexts);
      const search = new SearchService(corpus, tiny);
      for (const mode of ['standard', 'hybrid'] as const) {
        const hits = await search.search('cotton fibre', { mode, k: 5 });
        expect(hits).toHaveLength(5);
        expect(hits.every((hit) => Number.isFinite(hit.score))).toBe(true);
      }
      // A passage's own text finds it first under the new vectors (a caption is not used: its table context repeats it).
      const first = corpus.listArticleContexts(corpus.listArticles()[0].id).find((c) => c.kind === 'text')!;
      const [best] = await search.search(`${first.sectionTitle}\n${first.text}`, { mode: 'standard', k: 1 });
      expect(best.contextId).toBe(first.id);
    } finally {
      corpus.close();
      await tiny.dispose();
    }
  });

  it('says there is nothing to do when the corpus already uses the model', async () => {
    const out = sink();
    expect(await reembedCommand(runtime, { project: 'bio', model: LEXICAL_MODEL_ID }, out, sink())).toBe(0);
    expect(out.text()).toContain('already embedded with lectern/lexical-hash-v1');
  });

  it('refuses a named model that is not in MODELS_DIR instead of falling back to lexical', async () => {
    await expect(reembedCommand(runtime, { project: 'bio', model: 'acme/absent' }, sink(), sink())).rejects.toMatchObject({
      name: 'EmbeddingModelUnavailableError',
      message: expect.stringContaining(path.join(dataDir, 'models', 'acme', 'absent')),
    });
  });

  it('refuses a project without a corpus', async () => {
    runtime.catalog.projects.create('empty');
    await expect(reembedCommand(runtime, { project: 'empty' }, sink(), sink())).rejects.toThrow(CliError);
  });
});
