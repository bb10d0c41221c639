import { LlmOutputError } from '@lectern/llm';
import { parseQueryVariants } from './multi-query';
import { parseRelevance } from './relevance-filter';
import { parseLlmScore } from './rerank/llm.reranker';

describe(parseQueryVariants.name, () => {
  it('keeps distinct, non-empty variants other than the question, trimmed, at most n', () => {
    const queries = [
      '  crenarchaeota amoA depth ',
      'CRENARCHAEOTA  amoA depth',
      'Where do archaea live?',
      '',
      42,
      'thaumarchaeota niche',
      'one too many',
    ];
    expect(parseQueryVariants({ queries }, 'where do ARCHAEA live?', 2)).toEqual(['crenarchaeota amoA depth', 'thaumarchaeota niche']);
  });

  it('cuts a variant to the search length limit', () => {
    expect(parseQueryVariants({ queries: ['x'.repeat(1500)] }, 'q', 3)).toEqual(['x'.repeat(1000)]);
  });

  it.each([[null], [{}], [{ queries: 'a b c' }], [{ queries: [] }], [{ queries: ['', '  ', 'the question'] }]])(
    'refuses %j as an LlmOutputError',
    (value) => {
      expect(() => parseQueryVariants(value, 'The question', 3)).toThrow(LlmOutputError);
    },
  );
});

describe(parseRelevance.name, () => {
  it('reads a boolean verdict and the strings small models write instead', () => {
    expect([{ relevant: true }, { relevant: 'yes' }, { relevant: 'true' }].map(parseRelevance)).toEqual([true, true, true]);
    expect([{ relevant: false }, { relevant: 'no' }, { relevant: 'false' }].map(parseRelevance)).toEqual([false, false, false]);
  });

  it.each([[{}], [{ relevant: 'maybe' }], [{ relevant: 1 }], [null]])('refuses %j', (value) => {
    expect(() => parseRelevance(value)).toThrow(LlmOutputError);
  });
});

describe(parseLlmScore.name, () => {
  it('maps 0–10 (numbers or numeric strings) onto 0–1', () => {
    expect([{ score: 0 }, { score: 7 }, { score: '10' }, { score: 2.5 }].map(parseLlmScore)).toEqual([0, 0.7, 1, 0.25]);
  });

  it.each([[{ score: 11 }], [{ score: -1 }], [{ score: 'high' }], [{ score: '' }], [{}], [null]])('refuses %j', (value) => {
    expect(() => parseLlmScore(value)).toThrow(LlmOutputError);
  });
});
