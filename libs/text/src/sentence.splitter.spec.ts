import { splitSentences } from './sentence.splitter';

describe(splitSentences.name, () => {
  it('splits at periods, question and exclamation marks followed by a capital', () => {
    expect(splitSentences('We train a model. Does it work? Yes! It does.')).toEqual([
      'We train a model.',
      'Does it work?',
      'Yes!',
      'It does.',
    ]);
  });

  it('does not break after e.g., i.e. or et al.', () => {
    const text = 'Some venues (e.g. ACL) differ, i.e. They vary. As Lample et al. (2016) and Wu et al. Show, it helps.';
    expect(splitSentences(text)).toEqual([
      'Some venues (e.g. ACL) differ, i.e. They vary.',
      'As Lample et al. (2016) and Wu et al. Show, it helps.',
    ]);
  });

  it('does not break inside figure, equation and section references', () => {
    expect(splitSentences('See Fig. 3 and Eq. 2 in Sec. 4. The rest follows.')).toEqual([
      'See Fig. 3 and Eq. 2 in Sec. 4.',
      'The rest follows.',
    ]);
  });

  it('keeps decimals and initials inside the sentence', () => {
    expect(splitSentences('Accuracy rose to 0.95 with p < 0.05. Data from J. R. Smith was used.')).toEqual([
      'Accuracy rose to 0.95 with p < 0.05.',
      'Data from J. R. Smith was used.',
    ]);
  });

  it('keeps a period followed by a lowercase word inside the sentence', () => {
    expect(splitSentences('The approx. value is used. Then we stop.')).toEqual(['The approx. value is used.', 'Then we stop.']);
  });

  it('treats No. as an abbreviation only before a number', () => {
    expect(splitSentences('See patient No. 5 here. The answer was no. Then we left.')).toEqual([
      'See patient No. 5 here.',
      'The answer was no.',
      'Then we left.',
    ]);
  });

  it('ends a sentence after closing quotes and brackets', () => {
    expect(splitSentences('Edges are labeled "authored." Then (as shown.) We continue.')).toEqual([
      'Edges are labeled "authored."',
      'Then (as shown.)',
      'We continue.',
    ]);
  });

  it('returns the trimmed text when there is no boundary, and nothing for blank text', () => {
    expect(splitSentences('  no boundary here  ')).toEqual(['no boundary here']);
    expect(splitSentences('   ')).toEqual([]);
  });

  it('ends Chinese and Japanese sentences at 。！？ with no space after them, closing quotes kept', () => {
    expect(splitSentences('训练时采用负采样策略。每个正例配五个负例！结果如何？他说：「好。」然后结束')).toEqual([
      '训练时采用负采样策略。',
      '每个正例配五个负例！',
      '结果如何？',
      '他说：「好。」',
      '然后结束',
    ]);
    expect(splitSentences('モデルを評価した。 精度は高い。')).toEqual(['モデルを評価した。', '精度は高い。']);
  });
});
