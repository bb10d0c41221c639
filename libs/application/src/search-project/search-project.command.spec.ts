import { InvalidSearchError } from '@lectern/retrieval';
import { MAX_QUERY_LENGTH, MAX_SEARCH_RESULTS } from '../search-limits';
import { articleIdsProblem } from '../article-scope/article-scope';
import { SearchProjectCommand } from './search-project.command';

const valid = { projectId: 'p1', query: 'entity linking' };

describe(SearchProjectCommand.name, () => {
  it('allows up to MAX_SEARCH_RESULTS hits, more than an answer is built from', () => {
    expect(SearchProjectCommand.create({ ...valid, k: MAX_SEARCH_RESULTS }).k).toBe(MAX_SEARCH_RESULTS);
    expect(() => SearchProjectCommand.create({ ...valid, k: MAX_SEARCH_RESULTS + 1 })).toThrow(
      new InvalidSearchError(`k must be from 1 to ${MAX_SEARCH_RESULTS}`),
    );
  });

  it('refuses an unknown mode and an empty or overlong query', () => {
    expect(() => SearchProjectCommand.create({ ...valid, mode: 'fuzzy' })).toThrow(
      /^mode must be hybrid, standard or keyword \(got "fuzzy"\)$/,
    );
    expect(() => SearchProjectCommand.create({ ...valid, query: ' ' })).toThrow(new InvalidSearchError('query must not be empty'));
    expect(() => SearchProjectCommand.create({ ...valid, query: 'x'.repeat(MAX_QUERY_LENGTH + 1) })).toThrow(InvalidSearchError);
  });

  it('words a bad articleIds as the API does, naming the field and not an index inside it', () => {
    const refusal = (articleIds: unknown) => () => SearchProjectCommand.create({ ...valid, articleIds: articleIds as string[] });
    expect(refusal('abc')).toThrow(new InvalidSearchError('articleIds must be an array of article ids'));
    expect(refusal(['a1', 7])).toThrow(new InvalidSearchError('articleIds must hold only strings'));
    expect(refusal(['a1', '  '])).toThrow(new InvalidSearchError('articleIds must not hold an empty id'));
    for (const bad of ['abc', [], ['a1', 7], ['a1', ' ']]) expect(refusal(bad)).toThrow(`articleIds ${articleIdsProblem(bad)}`);
  });

  it('keeps each article id once, trimmed', () => {
    expect(SearchProjectCommand.create({ ...valid, articleIds: [' a1', 'a1 ', 'b2'] }).articleIds).toEqual(['a1', 'b2']);
  });
});
