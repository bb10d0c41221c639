import { inflectionKey, questionSurfaces, sameFamily, surfaceStems } from './surface-match';

describe(inflectionKey.name, () => {
  it('drops plural, past, gerund and -ly endings only', () => {
    expect(inflectionKey('infections')).toBe(inflectionKey('infection'));
    expect(inflectionKey('studies')).toBe(inflectionKey('study'));
    expect(inflectionKey('stopped')).toBe(inflectionKey('stopping'));
    expect(inflectionKey('capitalized')).not.toBe(inflectionKey('capital'));
  });
});

describe(sameFamily.name, () => {
  it('joins a verb with its noun of the same act, not with a word whose suffix changes the meaning', () => {
    expect(sameFamily(inflectionKey('assessed'), inflectionKey('assessment'))).toBe(true);
    expect(sameFamily(inflectionKey('evaluate'), inflectionKey('evaluation'))).toBe(true);
    expect(sameFamily(inflectionKey('infected'), inflectionKey('infection'))).toBe(true);
    expect(sameFamily(inflectionKey('evaluated'), inflectionKey('evaluate'))).toBe(true);
    expect(sameFamily(inflectionKey('capital'), inflectionKey('capitalized'))).toBe(false);
    expect(sameFamily(inflectionKey('general'), inflectionKey('generation'))).toBe(false);
  });
});

describe(surfaceStems.name, () => {
  const surfaces = questionSurfaces('What is the capital of France?');

  it('holds a question stem only where the text has the question word up to inflection', () => {
    expect(surfaceStems('Words are capitalized in the corpus.', surfaces).has('capit')).toBe(false);
    expect(surfaceStems('Paris is the capital of France.', surfaces)).toEqual(new Set(['capit', 'franc']));
    expect(surfaceStems('Capitals of Europe.', surfaces).has('capit')).toBe(true);
  });
});
