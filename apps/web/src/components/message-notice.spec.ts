import { NO_ANSWER, visibleNotice } from './message-notice';

const NO_LLM = 'No LLM is configured, so this answer is made of sentences quoted from the sources.';
const LLM_DOWN = 'The LLM could not be reached, so this answer is made of sentences quoted from the sources.';

describe(visibleNotice.name, () => {
  it('shows the no-LLM notice under an answer unless the banner already says it', () => {
    expect(visibleNotice(NO_LLM, { refusal: false, showNoLlmNotice: true })).toBe(NO_LLM);
    expect(visibleNotice(NO_LLM, { refusal: false, showNoLlmNotice: false })).toBeNull();
  });

  it('keeps a notice the banner does not say', () => {
    expect(visibleNotice(LLM_DOWN, { refusal: false, showNoLlmNotice: false })).toBe(LLM_DOWN);
    const gaveUp = 'The agent gave up: no section matched.';
    expect(visibleNotice(gaveUp, { refusal: false, showNoLlmNotice: false })).toBe(gaveUp);
  });

  it('shows no note about quoting under a refusal kept from before the server stopped sending one, banner or not', () => {
    expect(visibleNotice(NO_LLM, { refusal: true, showNoLlmNotice: true })).toBeNull();
    expect(visibleNotice(LLM_DOWN, { refusal: true, showNoLlmNotice: true })).toBeNull();
    expect(visibleNotice(LLM_DOWN, { refusal: true, showNoLlmNotice: false })).toBeNull();
  });

  it('keeps a notice that is not about quoting under a refusal', () => {
    const gaveUp = 'The agent gave up: no section matched.';
    expect(visibleNotice(gaveUp, { refusal: true, showNoLlmNotice: true })).toBe(gaveUp);
  });

  it('shows nothing when there is no notice', () => {
    expect(visibleNotice(undefined, { refusal: false, showNoLlmNotice: true })).toBeNull();
  });
});

describe('NO_ANSWER', () => {
  it('recognises the refusal text with either apostrophe', () => {
    expect(NO_ANSWER.test("The sources in this project don't contain an answer to that.")).toBe(true);
    expect(NO_ANSWER.test('“The sources in this project don’t contain an answer to that.”')).toBe(true);
    expect(NO_ANSWER.test('The sources say yes [1].')).toBe(false);
  });
});
