import type { AnswerSource } from './answer-sources';
import { citationOf, renderSource } from './answer-sources';
import { extractiveAnswer } from './extractive-answer';
import { supportedCitation } from './supporting-sentence';

const OPENING =
  'Coastal towns with tidal turbines produce more power at night than they can use. In the trial winter the caverns were flooded';
const REST =
  ' with seawater and sealed behind doors. The stored heat kept the flooded cavern at forty-one degrees Celsius for ninety days.';
const TEXT = OPENING + REST;
/** Page 2 begins at "with seawater": the paragraph's context starts on page 1. */
const BREAK = OPENING.length + 1;

const source = (pageStarts?: Array<{ offset: number; page: number }>): AnswerSource => {
  const context = {
    id: 'c1',
    text: TEXT,
    page: 1,
    ...(pageStarts ? { pageStarts } : {}),
    kind: 'text' as const,
    section: { id: 's1', number: '1', title: 'Introduction' },
  };
  return { n: 1, article: { id: 'a1', title: 'Tidal Heat Storage in Basalt Caverns' }, contexts: [context], anchor: context };
};
const crossing = source([{ offset: BREAK, page: 2 }]);
const span = (sentence: string) => ({ start: TEXT.indexOf(sentence), end: TEXT.indexOf(sentence) + sentence.length });

describe(citationOf.name, () => {
  it('cites a quoted sentence printed on the second page of its context on that page', () => {
    expect(citationOf(crossing, crossing.anchor, 1, span('The stored heat kept'))).toMatchObject({ page: 2 });
    expect(citationOf(crossing, crossing.anchor, 1, span('The stored heat kept')).pageEnd).toBeUndefined();
  });

  it('gives a sentence printed across the page break both pages', () => {
    const start = TEXT.indexOf('In the trial winter');
    const end = TEXT.indexOf('The stored heat') - 1;
    expect(citationOf(crossing, crossing.anchor, 1, { start, end })).toMatchObject({ page: 1, pageEnd: 2 });
  });

  it('cites a context of an old corpus (no page starts) on its own page, and a citation without a quote on the context page', () => {
    expect(citationOf(source(), source().anchor, 1, span('The stored heat kept'))).toMatchObject({ page: 1 });
    expect(citationOf(crossing)).toMatchObject({ page: 1 });
  });
});

describe(supportedCitation.name, () => {
  it("points an LLM's [n] at the supporting sentence's page", () => {
    const citation = supportedCitation('The cavern stayed at forty-one degrees Celsius for ninety days [1].', 1, [crossing]);
    expect(citation.quote).toContain('ninety days');
    expect(citation).toMatchObject({ page: 2 });
  });
});

describe(extractiveAnswer.name, () => {
  it('cites each quoted sentence on the page it is printed on', () => {
    const answer = extractiveAnswer('How long did the stored heat keep the flooded cavern at forty-one degrees Celsius?', [crossing], '')!;
    const cited = answer.citations.find((c) => c.quote?.includes('ninety days'))!;
    expect(cited).toMatchObject({ page: 2, span: span(cited.quote!) });
  });
});

describe(renderSource.name, () => {
  it('tells the model every page a source runs onto', () => {
    expect(renderSource(crossing).split('\n')[0]).toBe('[1] Tidal Heat Storage in Basalt Caverns — §1 Introduction, pp. 1–2');
    expect(renderSource(source()).split('\n')[0]).toBe('[1] Tidal Heat Storage in Basalt Caverns — §1 Introduction, p. 1');
  });
});
