import { buildVocabulary, joinLine } from './line-joiner';

describe(joinLine.name, () => {
  it('joins lines with a space', () => {
    expect(joinLine('the quick', 'brown fox')).toBe('the quick brown fox');
  });

  it('removes a line-break hyphen inside a word', () => {
    expect(joinLine('retrieval of infor-', 'mation is hard')).toBe('retrieval of information is hard');
  });

  it('keeps the hyphens of a compound broken at one of them', () => {
    expect(joinLine('a state-of-the-', 'art model')).toBe('a state-of-the-art model');
    expect(joinLine('a state-', 'of-the-art model')).toBe('a state-of-the-art model');
  });

  it('keeps a hyphen before a capital or a digit', () => {
    expect(joinLine('during the COVID-', '19 pandemic')).toBe('during the COVID-19 pandemic');
    expect(joinLine('a BERT-', 'Base encoder')).toBe('a BERT-Base encoder');
  });

  it('keeps a suspended hyphen followed by a conjunction', () => {
    expect(joinLine('in two-', 'and three-dimensional space')).toBe('in two- and three-dimensional space');
  });

  it('follows the document’s own spelling when it has one', () => {
    const vocabulary = buildVocabulary(['we learn document-level embeddings', 'SciBERT is a model']);
    expect(joinLine('whole document-', 'level embeddings', vocabulary)).toBe('whole document-level embeddings');
    expect(joinLine('we use SciB-', 'ERT weights', vocabulary)).toBe('we use SciBERT weights');
  });

  it('drops a soft hyphen', () => {
    expect(joinLine('hyphen\u00ad', 'ation')).toBe('hyphenation');
  });
});

describe(buildVocabulary.name, () => {
  it('keeps words and compounds, not the fragments left by line breaks', () => {
    const vocabulary = buildVocabulary(['A fine-tuned model (see infor-', 'mation).']);
    expect(vocabulary.has('fine-tuned')).toBe(true);
    expect(vocabulary.has('model')).toBe(true);
    expect(vocabulary.has('infor')).toBe(false);
  });
});
