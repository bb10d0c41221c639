import { hashEmbedding } from '../../../../test/replay/openai-replay.bodies';
import { startOpenAiReplay, type OpenAiReplay } from '../../../../test/replay/openai.replay-server';
import { EmbeddingProviderError } from '../errors';
import { OpenAiEmbedder, type OpenAiEmbedderOptions } from './openai.embedder';

const TEXTS = Array.from({ length: 10 }, (_, i) => `passage ${i} about citation graphs`);

describe(OpenAiEmbedder.name, () => {
  let replay: OpenAiReplay;
  const options = (extra: Partial<OpenAiEmbedderOptions> = {}): OpenAiEmbedderOptions => ({
    baseUrl: replay.url,
    model: 'text-embedding-3-small',
    backoffMs: 1,
    ...extra,
  });
  const embeddingRequests = () => replay.requests.filter((r) => r.path === '/v1/embeddings');

  beforeEach(async () => {
    replay = await startOpenAiReplay({ embeddingDimension: 48 });
  });
  afterEach(() => replay.close());

  it('learns its dimension from the first answer and names itself after the model', async () => {
    const embedder = await OpenAiEmbedder.connect(options());
    expect(embedder.modelId).toBe('openai:text-embedding-3-small');
    expect(embedder.dimension).toBe(48);
    expect(() => new OpenAiEmbedder(options()).dimension).toThrow(EmbeddingProviderError);
  });

  it('sends batches and returns unit vectors in input order', async () => {
    const embedder = await OpenAiEmbedder.connect(options({ batchSize: 4 }));
    replay.requests.length = 0;
    const vectors = await embedder.embedDocuments(TEXTS);
    expect(embeddingRequests().map((r) => r.body.input.length)).toEqual([4, 4, 2]);
    expect(embeddingRequests().every((r) => r.body.model === 'text-embedding-3-small')).toBe(true);
    vectors.forEach((vector, i) => {
      expect(vector).toHaveLength(48);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
      const expected = hashEmbedding(TEXTS[i], 48);
      vector.forEach((x, j) => expect(x).toBeCloseTo(expected[j], 5));
    });
    expect(await embedder.embedQuery(TEXTS[7])).toEqual(vectors[7]);
  });

  it('retries 429 and 5xx answers and then succeeds', async () => {
    const embedder = new OpenAiEmbedder(options({ dimension: 48 }));
    replay.setFault({ kind: 'status', status: 429, times: 1 });
    await embedder.embedQuery('first');
    replay.setFault({ kind: 'status', status: 503, times: 2 });
    await embedder.embedQuery('second');
    expect(embeddingRequests()).toHaveLength(2 + 3);
  });

  it('retries a dropped connection', async () => {
    const embedder = new OpenAiEmbedder(options({ dimension: 48, retries: 2 }));
    replay.setFault({ kind: 'drop' });
    const pending = embedder.embedQuery('dropped');
    await expect(pending).rejects.toThrow(EmbeddingProviderError);
    expect(embeddingRequests()).toHaveLength(3);
  });

  it('gives up with a named error carrying the status after its retries', async () => {
    const embedder = new OpenAiEmbedder(options({ dimension: 48, retries: 2 }));
    replay.setFault({ kind: 'status', status: 500 });
    const failure = embedder.embedQuery('never');
    await expect(failure).rejects.toThrow(EmbeddingProviderError);
    await expect(failure).rejects.toMatchObject({ status: 500, message: expect.stringContaining('after 3 attempt(s)') });
    expect(embeddingRequests()).toHaveLength(3);
  });

  it('does not retry a refused request', async () => {
    const embedder = new OpenAiEmbedder(options({ dimension: 48 }));
    replay.setFault({ kind: 'status', status: 401 });
    await expect(embedder.embedQuery('no key')).rejects.toMatchObject({ name: 'EmbeddingProviderError', upstreamStatus: 401 });
    expect(embeddingRequests()).toHaveLength(1);
  });

  it('refuses an answer that is not embeddings', async () => {
    const embedder = new OpenAiEmbedder(options({ dimension: 48 }));
    replay.setFault({ kind: 'garbage' });
    await expect(embedder.embedQuery('html')).rejects.toThrow(EmbeddingProviderError);
  });

  it('refuses vectors of another length than the configured dimension', async () => {
    const embedder = new OpenAiEmbedder(options({ dimension: 768 }));
    await expect(embedder.embedQuery('short')).rejects.toThrow(/returned 48 dimensions, expected 768/);
  });

  it('embeds a blank text instead of failing its batch', async () => {
    const embedder = new OpenAiEmbedder(options({ dimension: 48 }));
    const [blank, word] = await embedder.embedDocuments(['', 'word']);
    expect(blank).toHaveLength(48);
    expect(word).toHaveLength(48);
  });
});
