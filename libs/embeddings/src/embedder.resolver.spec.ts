/**
 * @jest-environment <rootDir>/libs/embeddings/src/testing/onnx.jest-environment.js
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildTinyBertModel } from '../../../test/fixtures/tiny-model/build-tiny-model';
import { startHubReplay } from '../../../test/fixtures/tiny-model/hub.replay-server';
import { startOpenAiReplay } from '../../../test/replay/openai.replay-server';
import type { Embedder } from './embedder';
import { createEmbedder } from './embedder.factory';
import { resolveEmbedder } from './embedder.resolver';
import { EmbeddingModelUnavailableError } from './errors';
import { TransformersEmbedder } from './transformers/transformers.embedder';

const MODEL = 'lectern-test/tiny-bert';

describe(resolveEmbedder.name, () => {
  let root = '';
  let modelsDir = '';
  const opened: Embedder[] = [];
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-resolve-'));
    modelsDir = path.join(root, 'models');
  });
  afterEach(async () => {
    for (const e of opened.splice(0)) if (e instanceof TransformersEmbedder) await e.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('chooses lexical for auto when the model is absent, and says where it looked', async () => {
    const resolved = await resolveEmbedder({ kind: 'auto', model: MODEL, modelsDir, allowDownload: false });
    expect(resolved.kind).toBe('lexical');
    expect(resolved.embedder.modelId).toBe('lectern/lexical-hash-v1');
    expect(resolved.reason).toContain(path.join(modelsDir, 'lectern-test', 'tiny-bert'));
    expect(resolved.reason).toContain('downloads are disallowed');
    expect(resolved.config).toEqual({ kind: 'lexical', dimension: 768 });
  });

  it('chooses transformers for auto when the model is in modelsDir', async () => {
    buildTinyBertModel(modelsDir);
    const resolved = await resolveEmbedder({ kind: 'auto', model: MODEL, modelsDir, allowDownload: false });
    opened.push(resolved.embedder);
    expect(resolved.kind).toBe('transformers');
    expect(resolved.embedder.modelId).toBe(MODEL);
    expect(resolved.embedder.dimension).toBe(32);
    expect(resolved.reason).toMatch(/is in .*tiny-bert: using it locally \(fp32, 32 dimensions, 64-token window\)/);
  });

  it('hands threads a cloneable config that rebuilds the same embedder synchronously', async () => {
    buildTinyBertModel(modelsDir);
    const resolved = await resolveEmbedder({ kind: 'auto', model: MODEL, modelsDir, allowDownload: false });
    const rebuilt = createEmbedder(structuredClone(resolved.config));
    opened.push(resolved.embedder, rebuilt);
    expect(resolved.config.kind).toBe('transformers');
    expect(await rebuilt.embedDocuments(['citation graph'])).toEqual(await resolved.embedder.embedDocuments(['citation graph']));
  });

  it('fails for an explicit transformers model that is absent instead of falling back', async () => {
    const failure = resolveEmbedder({ kind: 'transformers', model: MODEL, modelsDir, allowDownload: false });
    await expect(failure).rejects.toThrow(EmbeddingModelUnavailableError);
  });

  it('downloads a missing model into modelsDir when allowed, then loads it from there', async () => {
    const hubFiles = path.join(root, 'hub');
    buildTinyBertModel(hubFiles, { quantized: true });
    const hub = await startHubReplay(hubFiles);
    try {
      const resolved = await resolveEmbedder({ kind: 'auto', model: MODEL, modelsDir, allowDownload: true, remoteHost: hub.url });
      opened.push(resolved.embedder);
      expect(resolved.kind).toBe('transformers');
      expect(resolved.reason).toContain('was downloaded into');
      expect((resolved.embedder as TransformersEmbedder).dtype).toBe('q8');
      expect(hub.requests).toContain(`/${MODEL}/resolve/main/onnx/model_quantized.onnx`);
      for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx']) {
        expect(fs.readFileSync(path.join(modelsDir, MODEL, file))).toEqual(fs.readFileSync(path.join(hubFiles, MODEL, file)));
      }
      // The thread config never downloads again: it reads the copy in modelsDir.
      expect(resolved.config.allowDownload).toBe(false);
    } finally {
      await hub.close();
    }
  });

  it('falls back to lexical for auto when the download fails', async () => {
    const hub = await startHubReplay(path.join(root, 'empty-hub'));
    try {
      const resolved = await resolveEmbedder({ kind: 'auto', model: MODEL, modelsDir, allowDownload: true, remoteHost: hub.url });
      expect(resolved.kind).toBe('lexical');
      expect(resolved.reason).toContain('could not be downloaded');
    } finally {
      await hub.close();
    }
  });

  it('asks an OpenAI-compatible server for the dimension', async () => {
    const replay = await startOpenAiReplay({ embeddingDimension: 96 });
    try {
      const resolved = await resolveEmbedder({ kind: 'openai', model: 'nomic-embed-text', openai: { baseUrl: replay.url } });
      expect(resolved.kind).toBe('openai');
      expect(resolved.embedder.dimension).toBe(96);
      expect(resolved.config).toMatchObject({ kind: 'openai', dimension: 96 });
      expect(await createEmbedder(resolved.config).embedQuery('x')).toHaveLength(96);
    } finally {
      await replay.close();
    }
  });
});
