import { createEmbedder } from './embedder.factory';
import { LexicalEmbedder } from './lexical/lexical.embedder';

describe(createEmbedder.name, () => {
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
});
