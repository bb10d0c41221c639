import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { MAX_SCOPE_ARTICLES } from '@lectern/application';
import { ArticleIdsProperty } from './article-ids.property';

class Scoped {
  @ArticleIdsProperty()
  articleIds?: unknown;
}

async function messages(articleIds: unknown): Promise<string[]> {
  const errors = await validate(plainToInstance(Scoped, { articleIds }));
  return errors.flatMap((e) => Object.values(e.constraints ?? {}));
}

describe(ArticleIdsProperty.name, () => {
  it('answers a string instead of an array with one message, about the array', async () => {
    expect(await messages('abc')).toEqual(['articleIds must be an array of article ids']);
    expect(await messages(42)).toEqual(['articleIds must be an array of article ids']);
  });

  it('names the one thing wrong with a malformed array', async () => {
    expect(await messages([])).toEqual(['articleIds must name at least one article (leave it out to search the whole project)']);
    expect(await messages(Array.from({ length: MAX_SCOPE_ARTICLES + 1 }, (_, i) => `a${i}`))).toEqual([
      `articleIds must name at most ${MAX_SCOPE_ARTICLES} articles`,
    ]);
    expect(await messages(['a1', 7])).toEqual(['articleIds must hold only strings']);
    expect(await messages(['a1', '  '])).toEqual(['articleIds must not hold an empty id']);
  });

  it('accepts a list of ids, and no articleIds at all', async () => {
    expect(await messages(['a1', 'b2'])).toEqual([]);
    expect(await messages(undefined)).toEqual([]);
  });
});
