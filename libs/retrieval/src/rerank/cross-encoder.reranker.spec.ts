/**
 * @jest-environment <rootDir>/libs/embeddings/src/testing/onnx.jest-environment.js
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildTinyCrossEncoder, tinyCrossEncoderScore } from '../testing/tiny-cross-encoder.fixture';
import { CROSS_ENCODER_MODEL, CrossEncoderReranker, localCrossEncoderWeights } from './cross-encoder.reranker';
import { rerankHits } from './rerank';
import { RerankerUnavailableError } from './reranker';

describe(CrossEncoderReranker.name, () => {
  let modelsDir: string;
  beforeAll(() => {
    modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-cross-encoder-'));
    buildTinyCrossEncoder(modelsDir, CROSS_ENCODER_MODEL, ['crenarchaeota', 'amoa']);
  });
  afterAll(() => fs.rmSync(modelsDir, { recursive: true, force: true }));

  const passages = [
    'Deep learning for image segmentation uses pooling layers.',
    'Marine crenarchaeota dominate below 200 m.',
    'The amoA gene of crenarchaeota marks ammonia oxidizers; crenarchaeota abound.',
    'Crenarchaeota? Unrelated words here.',
  ];

  it('scores (query, passage) pairs with the local model: the passage side decides, on a 0–1 scale', async () => {
    const reranker = new CrossEncoderReranker({ modelsDir, allowDownload: false });
    expect(reranker.isAvailable()).toBe(true);
    // The query mentions a relevant word too; only passage tokens (token type 1) count, so pairing is real.
    const scores = await reranker.score('Where do crenarchaeota live?', passages);
    const expected = [0, 1, 3, 1].map(tinyCrossEncoderScore);
    scores.forEach((score, i) => expect(score).toBeCloseTo(expected[i], 5));
  });

  it('scores more passages than one batch holds, in input order', async () => {
    const many = Array.from({ length: 37 }, (_, i) => (i % 5 === 0 ? 'crenarchaeota and amoA' : `passage number ${i}`));
    const scores = await new CrossEncoderReranker({ modelsDir, allowDownload: false }).score('archaea', many);
    expect(scores).toHaveLength(37);
    scores.forEach((score, i) => expect(score).toBeCloseTo(tinyCrossEncoderScore(i % 5 === 0 ? 2 : 0), 5));
  });

  it('reranks hits and drops those under the threshold', async () => {
    const hits = passages.map((text, i) => ({ contextId: `c${i}`, text }));
    const result = await rerankHits([new CrossEncoderReranker({ modelsDir, allowDownload: false })], 'crenarchaeota', hits, {
      threshold: 0.5,
    });
    expect(result.reranker).toBe('cross-encoder');
    expect(result.hits.map((hit) => hit.contextId)).toEqual(['c2', 'c1', 'c3']);
    expect(result.dropped).toBe(1);
  });

  it('finds fp32 or q8 weights and refuses an incomplete model folder', () => {
    expect(localCrossEncoderWeights(modelsDir)).toBe('fp32');
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-cross-encoder-'));
    try {
      const dir = buildTinyCrossEncoder(other, CROSS_ENCODER_MODEL, []);
      fs.renameSync(path.join(dir, 'onnx', 'model.onnx'), path.join(dir, 'onnx', 'model_quantized.onnx'));
      expect(localCrossEncoderWeights(other)).toBe('q8');
      fs.rmSync(path.join(dir, 'tokenizer.json'));
      expect(localCrossEncoderWeights(other)).toBeNull();
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('is unavailable, without downloading, when the model is not under MODELS_DIR', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-cross-encoder-'));
    try {
      const reranker = new CrossEncoderReranker({ modelsDir: empty, allowDownload: false });
      expect(reranker.isAvailable()).toBe(false);
      await expect(reranker.score('q', ['p'])).rejects.toThrow(RerankerUnavailableError);
      await expect(reranker.score('q', ['p'])).rejects.toThrow(/not found under .* and ALLOW_MODEL_DOWNLOAD is false/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
