import type { PassageContext } from '../parent-expansion';
import type { AnswerSource } from './answer-sources';
import { DEFAULT_ANSWER_WORDS, DEFAULT_COMPOSITION, extractiveAnswer } from './extractive-answer';
import { definesTerm, questionType } from './question-type';
import { adjacentPairs, proximity, rankSentences } from './sentence-ranker';
import { stemOf, weightedQuestionTerms } from './sentence-scorer';

let ids = 0;

/** A source of one text context per paragraph, in one section of one paper. */
function source(n: number, paragraphs: string[], section = { number: '2', title: 'Results' }): AnswerSource {
  const contexts: PassageContext[] = paragraphs.map((text) => ({
    id: `c${++ids}`,
    text,
    page: 1,
    kind: 'text',
    section: { id: `s${n}`, ...section },
  }));
  return { n, article: { id: `a${n}`, title: `Paper ${n}` }, contexts, anchor: contexts[0] };
}

const words = (answer: string) => answer.replace(/\s*\[\d+\]/g, '').split(/\s+/).length;

describe(rankSentences.name, () => {
  it('ranks first the sentence holding the question terms close together over one naming them far apart', () => {
    const question = 'What is the incubation period of the virus?';
    const far = 'The incubation of samples took place in a separate laboratory over a long period, and the virus was later sequenced.';
    const near = 'The incubation period of the virus was estimated at 5 days in the cohort.';
    const { ranked } = rankSentences(question, [source(1, [`${far} ${near}`])]);
    expect(ranked[0].text).toBe(near);
  });

  it("ranks a sentence that holds the question's phrase above one that holds its words apart", () => {
    const question = 'What is one of the major sources of exacerbation of airway disease?';
    const apart = 'Exacerbation of disease in the airway has major economic sources of cost for health systems.';
    const phrase = 'Respiratory virus infection is one of the major sources of exacerbation of airway disease.';
    const { ranked } = rankSentences(question, [source(1, [`${apart} ${phrase}`])]);
    expect(ranked[0].text).toBe(phrase);
  });

  it('breaks a tie between equally matching sentences by the retrieval rank of their source', () => {
    const question = 'Which cytokines were measured in serum?';
    const text = 'Cytokines measured in serum were IL-6 and TNF in all patients.';
    const { ranked } = rankSentences(question, [source(1, [`Background words. ${text}`]), source(2, [text])]);
    expect(ranked[0].sourceRank).toBe(0);
  });

  it('prefers a sentence with a number when the question asks for a rate, though it does not start with "how many"', () => {
    const question = 'What is the case fatality rate of the disease?';
    const plain = 'The case fatality rate of the disease depends on the care patients receive.';
    const figure = 'The case fatality rate of the disease was 34% in the first year.';
    const { ranked } = rankSentences(question, [source(1, [`${plain} ${figure}`])]);
    expect(ranked[0].text).toBe(figure);
  });

  it('never ranks keyword lines, reference entries or captions, however many question terms they hold', () => {
    const question = 'How was nerve fiber density assessed in skin biopsy?';
    const { ranked } = rankSentences(question, [
      source(1, ['Key words: nerve fiber density; skin biopsy; assessment; neuropathy']),
      source(2, ['Figure 2. Nerve fiber density assessed in skin biopsy 12 14 16 18.']),
      source(3, ['[4] Lauria G, et al. Nerve fiber density assessed in skin biopsy. Eur J Neurol. 2010;17(7):903-912.'], {
        number: 'ref',
        title: 'References',
      }),
      source(4, ['Fibres were counted in three sections of each skin biopsy by two readers.']),
    ]);
    expect(ranked.map((s) => s.source.n)).toEqual([4]);
  });

  it('does not quote a caption printed as a context of its own', () => {
    const caption = source(1, ['Nerve fiber density assessed in skin biopsy of patients and controls.']);
    caption.contexts[0].kind = 'figure_caption';
    expect(rankSentences('How was nerve fiber density assessed in skin biopsy?', [caption]).ranked).toEqual([]);
  });

  it('ranks first a sentence under a heading that names the question, though the sentence does not repeat it', () => {
    const question = 'How was nerve fiber density assessed?';
    const { ranked } = rankSentences(question, [
      source(1, ['We found reduced nerve fiber density in most patients.'], { number: '', title: 'Abstract' }),
      source(2, ['Punch biopsies were immunostained and single fibres were counted per millimetre.'], {
        number: '2.3',
        title: 'Assessment of nerve fiber density',
      }),
    ]);
    expect(ranked[0].source.n).toBe(2);
  });

  it('does not rank a sentence that only repeats the question under a heading naming it, and ranks one that says more', () => {
    const question = 'What node types does the literature graph contain?';
    const repeat = 'The literature graph has 12M nodes of this type.';
    const news = 'Each node of this type represents a unique author, with a first and a last name.';
    const { ranked } = rankSentences(question, [source(1, [`${repeat} ${news}`], { number: '2.1', title: 'Node Types' })]);
    expect(ranked.map((s) => s.text)).toEqual([news]);
  });

  it('does not rank the repeat under a heading naming more than the question asks either (Node and Edge Types)', () => {
    const question = 'What node types does the literature graph contain?';
    const repeat = 'The literature graph has 12M nodes of this type.';
    const news = 'Each node of this type represents a unique author, with a first and a last name.';
    const section = { number: '2.1', title: 'Node and Edge Types' };
    const { ranked } = rankSentences(question, [source(1, [`${repeat} ${news}`], section)]);
    expect(ranked.map((s) => s.text)).toEqual([news]);
  });

  it('still ranks a sentence of numbers and the question words when the question asks for a number', () => {
    const question = 'How many nodes of each type does the literature graph have?';
    const count = 'The literature graph has 12M nodes of this type.';
    const { ranked } = rankSentences(question, [source(1, [count], { number: '2.1', title: 'Node Types' })]);
    expect(ranked[0]?.text).toBe(count);
  });

  it('takes a sentence beside a matching one as a candidate, though it names no question word', () => {
    const question = 'What is the incubation period of the virus?';
    const { ranked } = rankSentences(question, [
      source(1, ['The incubation period of the virus was studied in 40 patients. Values ranged from 2 to 14 days overall.']),
    ]);
    const beside = ranked.find((s) => s.text.startsWith('Values'));
    expect(beside?.score).toBeGreaterThan(0);
    expect(beside?.features?.previousCoverage).toBeGreaterThan(0);
  });

  it('ranks nothing when the only sentence holding the question is unquotable, whatever sits beside it', () => {
    const question = 'What is the incubation period of the virus?';
    const { ranked } = rankSentences(question, [
      source(1, ['What is the incubation period of the virus? Values ranged from 2 to 14 days.']),
    ]);
    expect(ranked).toEqual([]);
  });
});

describe(extractiveAnswer.name, () => {
  it('reads on into the next sentence of the context when the best sentence is short', () => {
    const question = 'What is the strongest risk factor for pneumonia?';
    const answer = extractiveAnswer(
      question,
      [
        source(1, [
          'The single strongest risk factor for pneumonia is HIV infection. Infected children have six times the odds of severe disease. Unrelated closing remarks follow here at length.',
        ]),
      ],
      '',
    )!;
    expect(answer.answer).toContain('HIV infection [1]. Infected children have six times the odds of severe disease [2].');
    expect(answer.citations[1].quote).toBe('Infected children have six times the odds of severe disease.');
  });

  it('keeps every answer within the word budget and cites each quoted sentence with its own span', () => {
    const long = Array.from(
      { length: 8 },
      (_, i) => `Vaccine coverage in region ${i} reached a level that officials reported as adequate.`,
    ).join(' ');
    const sources = [source(1, [long]), source(2, [long])];
    const answer = extractiveAnswer('What vaccine coverage did officials report?', sources, '')!;
    expect(words(answer.answer)).toBeLessThanOrEqual(DEFAULT_ANSWER_WORDS);
    for (const citation of answer.citations) {
      const context = sources.flatMap((s) => s.contexts).find((c) => c.id === citation.contextId)!;
      expect(context.text.slice(citation.span!.start, citation.span!.end)).toBe(citation.quote);
    }
  });
});

describe(questionType.name, () => {
  it('reads a quantity asked as "what is the … rate" as a count', () => {
    expect(questionType('What is the case fatality rate of SARS?')).toBe('count');
    expect(questionType('What was the sample size?')).toBe('count');
    expect(questionType('What is the function of MALAT1?')).toBe('thing');
  });
});

describe(definesTerm.name, () => {
  const terms = (q: string) => new Set(weightedQuestionTerms(q).keys());

  it('recognises a sentence that defines a term of a "what is" question, past a parenthesis', () => {
    const q = 'What is CEACAM1?';
    expect(definesTerm('CEACAM1 (also known as BGP or CD66) is expressed on epithelial cells.', q, stemOf, terms(q))).toBe(true);
    expect(definesTerm('We measured CEACAM1 expression in cells.', q, stemOf, terms(q))).toBe(false);
  });
});

describe(proximity.name, () => {
  it("gives the share of the question's weight found within a short window", () => {
    const terms = new Map([
      ['incub', 1],
      ['period', 1],
    ]);
    expect(proximity('The incubation period was five days.', terms)).toBe(1);
    expect(proximity('Incubation took place in a laboratory set up for many other purposes over a long period.', terms)).toBe(0.5);
  });
});

describe(adjacentPairs.name, () => {
  it('pairs adjacent content words, skipping stopwords between them', () => {
    expect(adjacentPairs('sources of exacerbation')).toEqual(new Set(['sourc exacerb']));
  });
});

describe('extractiveAnswer beside sentences that lean back', () => {
  const question = 'What was the incubation period of the virus in the cohort?';
  const best = 'The incubation period of the virus in the cohort was 5 days.';
  const antecedent = 'The cohort of ferrets was infected with the H7N9 strain of the virus, and the incubation was observed.';
  const leaning = 'Their incubation period of the virus in the cohort was 6 days.';
  const answerTo = (sources: AnswerSource[], antecedentRequired: number) =>
    extractiveAnswer(question, sources, '', { composition: { ...DEFAULT_COMPOSITION, antecedentRequired } })!.answer;

  it('leaves out a secondary sentence whose antecedent is not quoted, which the rule switched off would add', () => {
    const sources = [source(1, [best]), source(2, [`${antecedent} Cages were cleaned daily by two technicians on rotation. ${leaning}`])];
    expect(answerTo(sources, 0)).toContain('6 days');
    expect(answerTo(sources, 1)).toContain('5 days');
    expect(answerTo(sources, 1)).not.toContain('6 days');
  });

  it('still quotes a leaning sentence that is the best one, with what follows it', () => {
    const before = 'Ferrets in the cohort were infected with the virus and its incubation period was measured daily.';
    const answer = answerTo([source(1, [best]), source(2, [`${before} ${leaning}`])], 1);
    expect(answer.startsWith('Their incubation period of the virus in the cohort was 6 days [1].')).toBe(true);
  });
});

describe(`${extractiveAnswer.name} over Chinese text`, () => {
  const paragraph =
    '模型首先用图神经网络聚合每个实体的邻居信息，再由注意力机制为不同的邻居分配权重。训练时采用负采样策略，每个正例配五个负例。我们在两个公开数据集上评估模型。';

  it("quotes the sentence sharing the question's bigrams, split at 。, its marker before the full stop", () => {
    const answer = extractiveAnswer('训练时每个正例配几个负例？', [source(1, [paragraph])], '');
    expect(answer?.citations[0].quote).toBe('训练时采用负采样策略，每个正例配五个负例。');
    expect(answer?.answer).toContain('每个正例配五个负例 [1]。');
  });

  it('has no answer when the question shares no bigram with the text', () => {
    expect(extractiveAnswer('火星土壤里的水分含量有多高？', [source(1, [paragraph])], '')).toBeNull();
  });
});
