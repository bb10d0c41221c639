import { InvalidSearchError } from '@lectern/retrieval';
import { MAX_ANSWER_K } from '../search-limits';
import { AskQuestionCommand } from './ask-question.command';

const valid = { projectId: 'p1', question: 'What baselines did they consider?' };

describe(AskQuestionCommand.name, () => {
  it('accepts a question alone, with an empty conversation and every retrieval option left to the defaults', () => {
    const command = AskQuestionCommand.create(valid);
    expect(command).toMatchObject({ ...valid, history: [] });
    expect(command.mode).toBeUndefined();
    expect(command.k).toBeUndefined();
    expect(command.expand).toBeUndefined();
  });

  it('keeps the options it is given', () => {
    const command = AskQuestionCommand.create({
      ...valid,
      mode: 'keyword',
      k: MAX_ANSWER_K,
      expand: 'parent',
      multiQuery: { n: 2 },
      rerank: true,
    });
    expect(command).toMatchObject({ mode: 'keyword', k: MAX_ANSWER_K, expand: 'parent', multiQuery: { n: 2 }, rerank: true });
  });

  it('refuses an unknown mode, naming it', () => {
    expect(() => AskQuestionCommand.create({ ...valid, mode: 'magic' })).toThrow(
      new InvalidSearchError('mode must be hybrid, standard or keyword (got "magic")'),
    );
  });

  it.each([0, MAX_ANSWER_K + 1, 2.5])('refuses k = %p', (k) => {
    expect(() => AskQuestionCommand.create({ ...valid, k })).toThrow(new InvalidSearchError(`k must be from 1 to ${MAX_ANSWER_K}`));
  });

  it.each(['', '   \n'])('refuses an empty question (%j)', (question) => {
    expect(() => AskQuestionCommand.create({ ...valid, question })).toThrow(new InvalidSearchError('question must not be empty'));
  });

  it('names the field as the caller does', () => {
    expect(() => AskQuestionCommand.create({ ...valid, k: 0 }, (field) => `--${field}`)).toThrow(/^--k must be from 1 to/);
  });

  it('refuses multiQuery with more variants than the small model may write', () => {
    expect(() => AskQuestionCommand.create({ ...valid, multiQuery: { n: 6 } })).toThrow(InvalidSearchError);
  });
});
