/**
 * @jest-environment <rootDir>/libs/embeddings/src/testing/onnx.jest-environment.js
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { EmbedderConfig } from '@lectern/embeddings';
import { buildTinyBertModel } from '../../../test/fixtures/tiny-model/build-tiny-model';
import { InlinePool, PiscinaPool } from './ingest.pool';

/** onnxruntime-node 1.21 aborted the process when two threads ran a model at once; the override pins a fixed one. */
describe('PiscinaPool with the transformers embedder', () => {
  let dir: string;
  let config: EmbedderConfig;
  let pool: PiscinaPool;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-pool-onnx-'));
    const model = buildTinyBertModel(dir);
    config = { kind: 'transformers', model: model.modelId, modelsDir: dir, allowDownload: false, threads: 1 };
    pool = new PiscinaPool(2, { maxMemoryMb: 1024 });
  });
  afterAll(async () => {
    await pool.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('embeds on two threads at once with the same vectors as the main thread', async () => {
    const texts = Array.from({ length: 40 }, (_, i) => `cotton fibre sentiment text number ${i}`);
    const batches = [0, 10, 20, 30].map((start) => texts.slice(start, start + 10));
    const threaded = (await Promise.all(batches.map((batch) => pool.embed({ embedder: config, texts: batch })))).flat();
    const inline = await new InlinePool().embed({ embedder: config, texts });
    expect(threaded).toHaveLength(40);
    threaded.forEach((vector, i) => {
      expect(vector).toHaveLength(inline[i].length);
      vector.forEach((x, j) => expect(x).toBeCloseTo(inline[i][j], 5));
    });
  });
});
