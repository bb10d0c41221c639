import { GoldMatcher, containsPhrase, normaliseText, wordShare } from '../bench/eval/gold-matcher';
import {
  firstEvidenceRank,
  meanReciprocalRank,
  recallAt,
  summarise,
  tokensToFirstEvidence,
  type QuestionOutcome,
} from '../bench/eval/metrics';
import { looksLikeHeading, parseCovidContext } from '../bench/eval/covid-article';

const outcome = (rank: number | null, tokens: number | null = null, inSection = false): QuestionOutcome => ({
  firstEvidenceRank: rank,
  tokensToFirstEvidence: tokens,
  top1InGoldSection: inSection,
  goldInCorpus: true,
});

describe('retrieval evaluation metrics', () => {
  it('ranks the first evidence result from 1 and gives null when none is evidence', () => {
    expect(firstEvidenceRank([false, false, true, true])).toBe(3);
    expect(firstEvidenceRank([true])).toBe(1);
    expect(firstEvidenceRank([false, false])).toBeNull();
    expect(firstEvidenceRank([])).toBeNull();
  });

  it('counts a question in Recall@k only when its first evidence is within k', () => {
    const outcomes = [outcome(1), outcome(3), outcome(6), outcome(null)];
    expect(recallAt(outcomes, 1)).toBe(0.25);
    expect(recallAt(outcomes, 5)).toBe(0.5);
    expect(recallAt(outcomes, 20)).toBe(0.75);
  });

  it('averages reciprocal ranks with 0 for a question without evidence', () => {
    // (1 + 1/2 + 1/4 + 0) / 4 = 0.4375
    expect(meanReciprocalRank([outcome(1), outcome(2), outcome(4), outcome(null)])).toBeCloseTo(0.4375, 10);
    expect(meanReciprocalRank([])).toBe(0);
  });

  it('sums result sizes up to and including the first evidence result', () => {
    expect(tokensToFirstEvidence([false, false, true], [500, 300, 200])).toBe(1000);
    expect(tokensToFirstEvidence([true, false], [8000, 10])).toBe(8000);
    expect(tokensToFirstEvidence([false], [10])).toBeNull();
  });

  it('summarises shares of questions for every column', () => {
    const m = summarise([
      outcome(1, 400, true),
      outcome(2, 3000, false),
      outcome(null, null, false),
      { ...outcome(null), goldInCorpus: false },
    ]);
    expect(m).toEqual({
      questions: 4,
      recallAt1: 0.25,
      recallAt5: 0.5,
      recallAt20: 0.5,
      mrr: 0.375,
      recallAtBudget: 0.25,
      top1GoldSection: 0.25,
      goldInCorpus: 0.75,
    });
  });
});

describe(GoldMatcher.name, () => {
  it('normalises case, punctuation spacing and quote characters to plain words', () => {
    expect(normaliseText('Mother-to-child  transmission (MTCT) [1] .')).toBe('mother to child transmission mtct 1');
    expect(normaliseText('“Spanish” influenza')).toBe('spanish influenza');
  });

  it('matches an answer as whole words only', () => {
    expect(containsPhrase('the rate is 15 45', 'rate is 15')).toBe(true);
    expect(containsPhrase('the rate is 150', 'rate is 15')).toBe(false);
  });

  it('measures the share of a paragraph in 3-word runs, not loose words', () => {
    // Paragraph "a b c d e" has runs abc, bcd, cde; the text holds abc and bcd.
    expect(wordShare('x a b c d y', 'a b c d e')).toBeCloseTo(2 / 3, 10);
    // Every word present but never three in order: no run matches.
    expect(wordShare('e d c b a', 'a b c d e')).toBe(0);
  });

  it('takes a context holding an answer span despite different spacing and case', () => {
    const matcher = new GoldMatcher({ answers: ['Mother-to-child transmission (MTCT) is the main cause '], evidenceParagraphs: [] });
    expect(matcher.isEvidence('BACKGROUND: mother-to-child transmission ( MTCT ) is the main cause of infection')).toBe(true);
    expect(matcher.isEvidence('MTCT is a cause')).toBe(false);
  });

  it('takes a context holding at least 60% of an evidence paragraph and rejects one holding less', () => {
    const paragraph = 'one two three four five six seven eight nine ten eleven twelve';
    const matcher = new GoldMatcher({ answers: [], evidenceParagraphs: [paragraph] });
    // 10 runs in the paragraph; "one … nine" holds the first 7 (70%), "one … seven" the first 5 (50%).
    expect(matcher.isEvidence('intro one two three four five six seven eight nine outro')).toBe(true);
    expect(matcher.isEvidence('intro one two three four five six seven outro')).toBe(false);
  });

  it('matches a short evidence item such as a table caption as a phrase, without its FLOAT SELECTED prefix', () => {
    const matcher = new GoldMatcher({ answers: [], evidenceParagraphs: ['FLOAT SELECTED: Table 2: Main results on the DL-PS data.'] });
    expect(matcher.isEvidence('Table 2: Main results on the DL-PS data. Model P R F1')).toBe(true);
    expect(matcher.isEvidence('Table 3: Main results on the EC-MT data.')).toBe(false);
  });
});

describe('COVID-QA article parsing', () => {
  it('splits a CORD-19 style context into title, metadata, a labelled abstract and body paragraphs', () => {
    const context = [
      'A Title of Things',
      '',
      'https://example.org/a',
      '',
      'Doe, Jane; Roe, Rick',
      '2020-01-01',
      'Abstract: BACKGROUND: Why it matters. METHODS AND FINDINGS: What was done.',
      '',
      'Text: First body paragraph.',
      '',
      'Optimization of the ELISA-array assay',
      'Second body paragraph.',
    ].join('\n');
    expect(parseCovidContext('7', context)).toEqual({
      key: '7',
      title: 'A Title of Things',
      meta: ['Doe, Jane; Roe, Rick', '2020-01-01'],
      abstract: ['BACKGROUND: Why it matters.', 'METHODS AND FINDINGS: What was done.'],
      body: [
        { kind: 'paragraph', text: 'First body paragraph.' },
        { kind: 'heading', text: 'Optimization of the ELISA-array assay' },
        { kind: 'paragraph', text: 'Second body paragraph.' },
      ],
    });
  });

  it('keeps the first line of a hard-wrapped paragraph in its paragraph, joins the words its wrap broke, and reads a heading wrapped over two lines as one', () => {
    const context = [
      'A Free-Text Review',
      '',
      'An estimated one third of the world population (or',
      'about 500 million persons) were infected and had clinical',
      'illnesses during the pan-',
      'demic. The disease was severe.',
      '',
      'When and Where Did the Pandemic',
      'Arise?',
      '',
      'Before and after that year, most influenza pandemics',
      'developed in Asia and spread from there to the rest of the',
      'world.',
    ].join('\n');
    expect(parseCovidContext('9', context).body).toEqual([
      {
        kind: 'paragraph',
        text: 'An estimated one third of the world population (or about 500 million persons) were infected and had clinical illnesses during the pandemic. The disease was severe.',
      },
      { kind: 'heading', text: 'When and Where Did the Pandemic Arise?' },
      {
        kind: 'paragraph',
        text: 'Before and after that year, most influenza pandemics developed in Asia and spread from there to the rest of the world.',
      },
    ]);
  });

  it('takes short capitalised lines without end punctuation as headings and sentences as text', () => {
    expect(looksLikeHeading('The transmissibility of the SARS-CoV-2 based on the RP model')).toBe(true);
    expect(looksLikeHeading('Not applicable.')).toBe(false);
    expect(looksLikeHeading('complex with nsp3 and 6: DMV formation')).toBe(false);
  });
});
