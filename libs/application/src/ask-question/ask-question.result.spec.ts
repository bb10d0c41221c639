import { NO_ANSWER_TEXT, NOTICE_LLM_DOWN, NOTICE_LLM_STOPPED, NOTICE_NO_LLM, type Citation } from '@lectern/retrieval';
import { answerNotice } from './ask-question.result';

const citation: Citation = {
  n: 1,
  contextId: 'c1',
  articleId: 'a1',
  articleTitle: 'A paper',
  sectionNumber: '1',
  sectionTitle: 'Introduction',
  page: 1,
  quote: 'A sentence.',
};

describe(answerNotice.name, () => {
  it('sends no notice about quoting with a refusal, whether no LLM is configured or it is down', () => {
    expect(answerNotice({ answer: NO_ANSWER_TEXT, citations: [], llm: false, notice: NOTICE_NO_LLM })).toBeUndefined();
    expect(answerNotice({ answer: NO_ANSWER_TEXT, citations: [], llm: false, notice: NOTICE_LLM_DOWN })).toBeUndefined();
  });

  it('keeps the no-LLM notice with a quoted answer', () => {
    expect(answerNotice({ answer: 'It links them [1].', citations: [citation], llm: false, notice: NOTICE_NO_LLM })).toBe(NOTICE_NO_LLM);
  });

  it('keeps a notice that is not about quoting with a refusal', () => {
    expect(answerNotice({ answer: NO_ANSWER_TEXT, citations: [], llm: true, notice: NOTICE_LLM_STOPPED })).toBe(NOTICE_LLM_STOPPED);
  });
});
