/**
 * @jest-environment <rootDir>/libs/embeddings/src/testing/onnx.jest-environment.js
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildTinyBertModel } from '../../../../test/fixtures/tiny-model/build-tiny-model';
import { EmbeddingModelUnavailableError } from '../errors';
import { TransformersEmbedder, type TransformersEmbedderOptions } from './transformers.embedder';
import { ortThreadProblem } from './transformers.loader';

const NOMIC = 'nomic-ai/nomic-embed-text-v1.5';
const TEXTS = [
  'the model results',
  'neural network training on a large dataset',
  'retrieval of each document by query',
  'citation graph',
  'protein sequence analysis with attention layers',
  'a',
  'figure two shows the error of the proposed method on the test set',
];

function norm(v: Float32Array): number {
  return Math.sqrt(v.reduce((s, x) => s + x * x, 0));
}

function cosine(a: Float32Array, b: Float32Array): number {
  return a.reduce((s, x, i) => s + x * b[i], 0) / (norm(a) * norm(b));
}

function expectSameVector(actual: Float32Array, expected: Float32Array): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((x, i) => expect(x).toBeCloseTo(expected[i], 6));
}

describe(TransformersEmbedder.name, () => {
  let modelsDir = '';
  let embedders: TransformersEmbedder[] = [];
  const load = async (options: Partial<TransformersEmbedderOptions> = {}) => {
    const embedder = await TransformersEmbedder.load({ model: 'lectern-test/tiny-bert', modelsDir, allowDownload: false, ...options });
    embedders.push(embedder);
    return embedder;
  };

  beforeAll(() => {
    modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-models-'));
    buildTinyBertModel(modelsDir, { hidden: 32 });
    buildTinyBertModel(modelsDir, { hidden: 32, modelId: NOMIC });
    buildTinyBertModel(modelsDir, { hidden: 24, modelId: 'lectern-test/tiny-quantized', quantized: true });
  });
  afterEach(async () => {
    await Promise.all(embedders.map((e) => e.dispose()));
    embedders = [];
  });
  afterAll(() => fs.rmSync(modelsDir, { recursive: true, force: true }));

  it('takes its dimension from hidden_size and its window from max_position_embeddings', async () => {
    const embedder = await load();
    expect(embedder.modelId).toBe('lectern-test/tiny-bert');
    expect(embedder.dimension).toBe(32);
    expect(embedder.window).toBe(64);
    // [CLS] and [SEP] take two of the 64 positions.
    expect(embedder.maxTokens).toBe(62);
    expect(embedder.dtype).toBe('fp32');
  });

  it('reads nomic_bert-style configs (n_embd, n_positions) and ignores an unlimited tokenizer length', async () => {
    const { modelDir } = buildTinyBertModel(modelsDir, { hidden: 32, modelId: 'lectern-test/tiny-nomic-style' });
    const configFile = path.join(modelDir, 'config.json');
    const { hidden_size: _h, max_position_embeddings: _p, ...rest } = JSON.parse(fs.readFileSync(configFile, 'utf8'));
    fs.writeFileSync(configFile, JSON.stringify({ ...rest, model_type: 'nomic_bert', n_embd: 32, n_positions: 48 }));
    const tokenizerConfigFile = path.join(modelDir, 'tokenizer_config.json');
    const tokenizerConfig = JSON.parse(fs.readFileSync(tokenizerConfigFile, 'utf8'));
    fs.writeFileSync(tokenizerConfigFile, JSON.stringify({ ...tokenizerConfig, model_max_length: 1e30 }));
    const embedder = await load({ model: 'lectern-test/tiny-nomic-style' });
    expect([embedder.dimension, embedder.window, embedder.maxTokens]).toEqual([32, 48, 46]);
    const [vector] = await embedder.embedDocuments(['protein '.repeat(100)]);
    expect(norm(vector)).toBeCloseTo(1, 5);
  });

  it('returns unit-length vectors of the model dimension, in input order', async () => {
    const embedder = await load();
    const vectors = await embedder.embedDocuments(TEXTS);
    expect(vectors).toHaveLength(TEXTS.length);
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector).toHaveLength(32);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
    expect(cosine(vectors[0], vectors[1])).toBeLessThan(0.999);
    expectSameVector((await embedder.embedDocuments([TEXTS[3]]))[0], vectors[3]);
  });

  it('gives the same vectors batched and one by one', async () => {
    const batched = await (await load({ batchSize: 3 })).embedDocuments(TEXTS);
    const single = await load({ batchSize: 1 });
    for (let i = 0; i < TEXTS.length; i++) expectSameVector((await single.embedDocuments([TEXTS[i]]))[0], batched[i]);
  });

  it('mean-pools over real tokens only, so padding in a batch does not move a vector', async () => {
    const embedder = await load({ batchSize: 8 });
    const [short] = await embedder.embedDocuments(['citation graph']);
    const [, paddedShort] = await embedder.embedDocuments([TEXTS[6], 'citation graph']);
    expectSameVector(paddedShort, short);
  });

  it('adds the nomic task prefixes to documents and queries', async () => {
    const nomic = await load({ model: NOMIC });
    expect(nomic.documentPrefix).toBe('search_document: ');
    expect(nomic.queryPrefix).toBe('search_query: ');
    const plain = await load({ model: NOMIC, documentPrefix: '', queryPrefix: '' });
    const text = 'neural network training';
    expect(nomic.encode(text, 'query')).toEqual(plain.encode(`search_query: ${text}`, 'document'));
    expect(nomic.encode(text, 'document')).toEqual(plain.encode(`search_document: ${text}`, 'document'));
    expectSameVector(await nomic.embedQuery(text), (await plain.embedDocuments([`search_query: ${text}`]))[0]);
    expect(cosine(await nomic.embedQuery(text), (await nomic.embedDocuments([text]))[0])).toBeLessThan(0.9999);
    // The document prefix takes room in the window.
    expect(nomic.maxTokens).toBe(62 - nomic.countTokens('search_document: '));
  });

  it('adds no prefix for a model it does not know', async () => {
    const embedder = await load();
    expect([embedder.documentPrefix, embedder.queryPrefix]).toEqual(['', '']);
    expectSameVector(await embedder.embedQuery('citation graph'), (await embedder.embedDocuments(['citation graph']))[0]);
  });

  it('truncates a text longer than the window to its prefix, keeping the closing [SEP]', async () => {
    const embedder = await load();
    const words = Array.from({ length: 150 }, (_, i) => ['model', 'data', 'search', 'graph', 'protein'][i % 5]);
    const long = words.join(' ');
    const ids = embedder.encode(long, 'document');
    expect(ids).toHaveLength(64);
    expect(ids[ids.length - 1]).toBe(embedder.encode('', 'document')[1]);
    const [truncated] = await embedder.embedDocuments([long]);
    const [prefix] = await embedder.embedDocuments([words.slice(0, 62).join(' ')]);
    expectSameVector(truncated, prefix);
  });

  it('counts tokens with the model tokenizer, without special tokens', async () => {
    const embedder = await load();
    expect(embedder.countTokens('')).toBe(0);
    expect(embedder.countTokens('the model results')).toBe(3);
    // Words outside the vocabulary are spelled in WordPiece pieces: "xyz" → x ##y ##z.
    expect(embedder.countTokens('xyz')).toBe(3);
    expect(embedder.tokenCounter.count('the model results')).toBe(3);
  });

  it('prefers the quantized weights and falls back to fp32 on request or when they are absent', async () => {
    const q8 = await load({ model: 'lectern-test/tiny-quantized' });
    const fp32 = await load({ model: 'lectern-test/tiny-quantized', quantized: false });
    expect([q8.dtype, fp32.dtype]).toEqual(['q8', 'fp32']);
    const [a] = await q8.embedDocuments(['citation graph']);
    const [b] = await fp32.embedDocuments(['citation graph']);
    expect(a).not.toEqual(b);
    expect(cosine(a, b)).toBeGreaterThan(0.99);
  });

  it('builds synchronously from local files and loads the session on first use', async () => {
    const lazy = TransformersEmbedder.fromLocalFiles({ model: 'lectern-test/tiny-bert', modelsDir, allowDownload: false });
    embedders.push(lazy);
    expect(lazy.dimension).toBe(32);
    const eager = await load();
    expectSameVector((await lazy.embedDocuments(['citation graph']))[0], (await eager.embedDocuments(['citation graph']))[0]);
  });

  it('names the folder it looked in when the model is missing and downloads are disallowed', async () => {
    const expected = path.join(modelsDir, 'acme', 'absent-model');
    await expect(load({ model: 'acme/absent-model' })).rejects.toThrow(EmbeddingModelUnavailableError);
    await expect(load({ model: 'acme/absent-model' })).rejects.toThrow(expected);
    await expect(load({ model: 'acme/absent-model' })).rejects.toThrow(/downloads are disallowed/);
    expect(() => TransformersEmbedder.fromLocalFiles({ model: 'acme/absent-model', modelsDir, allowDownload: false })).toThrow(
      EmbeddingModelUnavailableError,
    );
  });
});

describe(ortThreadProblem.name, () => {
  it('refuses pool threads only under onnxruntime-node 1.21, whose thread bug aborts the process', () => {
    expect(ortThreadProblem('1.21.0', false)).toMatch(/aborts the process.*WORKERS=0.*1\.22 or later/);
    expect(ortThreadProblem('1.21.0', true)).toBeNull();
    expect(ortThreadProblem('1.24.3', false)).toBeNull();
    expect(ortThreadProblem('1.20.1', false)).toBeNull();
  });
});
