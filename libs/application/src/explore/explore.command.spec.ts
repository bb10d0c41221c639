import { InvalidExploreError } from '@lectern/agent';
import { MAX_EXPLORE_STEPS } from '../search-limits';
import { ExploreCommand } from './explore.command';

const valid = { projectId: 'p1', question: 'How are answers aggregated?' };

describe(ExploreCommand.name, () => {
  it('does not stream unless asked', () => {
    expect(ExploreCommand.create(valid)).toMatchObject({ ...valid, stream: false });
  });

  it.each([0, MAX_EXPLORE_STEPS + 1])('refuses maxSteps = %p, with the CLI flag name when the CLI asks', (maxSteps) => {
    expect(() => ExploreCommand.create({ ...valid, maxSteps })).toThrow(
      new InvalidExploreError(`maxSteps must be from 1 to ${MAX_EXPLORE_STEPS}`),
    );
    expect(() => ExploreCommand.create({ ...valid, maxSteps }, () => '--max-steps')).toThrow(/^--max-steps must be from 1 to/);
  });

  it('refuses a start article outside the articles it is scoped to', () => {
    expect(() => ExploreCommand.create({ ...valid, articleId: 'a3', articleIds: ['a1', 'a2'] })).toThrow(
      new InvalidExploreError('articleId must be one of articleIds when both are given'),
    );
    expect(ExploreCommand.create({ ...valid, articleId: 'a2', articleIds: ['a1', 'a2'] })).toMatchObject({ articleId: 'a2' });
  });

  it('refuses an empty question', () => {
    expect(() => ExploreCommand.create({ ...valid, question: '' })).toThrow(new InvalidExploreError('question must not be empty'));
  });
});
