/**
 * @jest-environment <rootDir>/libs/embeddings/src/testing/onnx.jest-environment.js
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildTinyBertModel } from '../../../test/fixtures/tiny-model/build-tiny-model';
import { createEmbedder } from './embedder.factory';
import { EmbeddingModelUnavailableError } from './errors';
import { LexicalEmbedder } from './lexical/lexical.embedder';
import { OpenAiEmbedder } from './openai/openai.embedder';
import { TransformersEmbedder } from './transformers/transformers.embedder';

describe(createEmbedder.name, () => {
  let modelsDir = '';
  beforeAll(() => {
    modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-models-'));
    buildTinyBertModel(modelsDir, { modelId: 'lectern-test/tiny-bert' });
  });
  afterAll(() => fs.rmSync(modelsDir, { recursive: true, force: true }));

  it.each(['lexical', 'auto'] as const)('returns the lexical embedder for kind %s', (kind) => {
    const embedder = createEmbedder({ kind });
    expect(embedder).toBeInstanceOf(LexicalEmbedder);
    expect(embedder.dimension).toBe(768);
  });

  it('passes the dimension through', async () => {
    const embedder = createEmbedder({ kind: 'lexical', dimension: 384 });
    expect(embedder.dimension).toBe(384);
    expect(await embedder.embedQuery('citation graph')).toHaveLength(384);
  });

  it('rejects an unknown kind coming from untyped configuration', () => {
    expect(() => createEmbedder(JSON.parse('{"kind":"word2vec"}'))).toThrow(/unknown embedder kind: word2vec/);
  });

  it('builds the transformers embedder synchronously when the model is in modelsDir', async () => {
    const embedder = createEmbedder({ kind: 'transformers', model: 'lectern-test/tiny-bert', modelsDir });
    expect(embedder).toBeInstanceOf(TransformersEmbedder);
    expect(embedder.dimension).toBe(32);
    expect(await embedder.embedQuery('citation graph')).toHaveLength(32);
    await (embedder as TransformersEmbedder).dispose();
  });

  it('picks the local model for auto, and lexical when the model is absent', () => {
    expect(createEmbedder({ kind: 'auto', model: 'lectern-test/tiny-bert', modelsDir })).toBeInstanceOf(TransformersEmbedder);
    expect(createEmbedder({ kind: 'auto', model: 'acme/absent', modelsDir })).toBeInstanceOf(LexicalEmbedder);
  });

  it('refuses an explicit transformers model that is not there', () => {
    expect(() => createEmbedder({ kind: 'transformers', model: 'acme/absent', modelsDir })).toThrow(EmbeddingModelUnavailableError);
  });

  it('builds the openai embedder with its configured dimension', () => {
    const embedder = createEmbedder({
      kind: 'openai',
      model: 'nomic-embed-text',
      openai: { baseUrl: 'http://127.0.0.1:1/v1' },
      dimension: 768,
    });
    expect(embedder).toBeInstanceOf(OpenAiEmbedder);
    expect([embedder.modelId, embedder.dimension]).toEqual(['openai:nomic-embed-text', 768]);
  });
});
