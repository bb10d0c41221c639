import { MAX_REEMBED_BATCH, InvalidReembedError, ReembedProjectCommand } from './reembed-project.command';

describe(ReembedProjectCommand.name, () => {
  it('leaves the model unset, for the configured EMBEDDING_MODEL', () => {
    expect(ReembedProjectCommand.create({ projectId: 'p1' })).toEqual({ projectId: 'p1' });
  });

  it('refuses an empty model id, with the CLI flag name when the CLI asks', () => {
    expect(() => ReembedProjectCommand.create({ projectId: 'p1', model: ' ' })).toThrow(new InvalidReembedError('model must not be empty'));
    expect(() => ReembedProjectCommand.create({ projectId: 'p1', model: '' }, (field) => `--${field}`)).toThrow(
      /^--model must not be empty$/,
    );
  });

  it.each([0, 2.5, MAX_REEMBED_BATCH + 1])('refuses batchSize = %p', (batchSize) => {
    expect(() => ReembedProjectCommand.create({ projectId: 'p1', batchSize })).toThrow(
      new InvalidReembedError(`batchSize must be from 1 to ${MAX_REEMBED_BATCH}`),
    );
  });
});
