import { answerWords, MAX_QUERY_TERMS, queryTerms, questionKeywords, stemmedQuestionTerms } from './question-terms';

describe(queryTerms.name, () => {
  it('drops stopwords unless the query has nothing else', () => {
    expect(queryTerms('What is the role of the citation graph?')).toEqual(['role', 'citation', 'graph']);
    expect(queryTerms('what is it')).toEqual(['what', 'is', 'it']);
  });

  it('keeps letters of any script and removes duplicates', () => {
    expect(queryTerms('Desarrollo territorial rural — desarrollo, ¿realidades?')).toEqual([
      'desarrollo',
      'territorial',
      'rural',
      'realidades',
    ]);
  });

  it('bounds the number of terms of a pasted page', () => {
    const page = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    expect(queryTerms(page)).toHaveLength(MAX_QUERY_TERMS);
  });
});

describe(questionKeywords.name, () => {
  it('keeps the query terms longer than two characters', () => {
    expect(questionKeywords('What is the F1 of the GNN on ACL data?')).toEqual(new Set(['gnn', 'acl', 'data']));
  });
});

describe(stemmedQuestionTerms.name, () => {
  it('drops question words and paper vocabulary, stems the rest and keeps repeats', () => {
    expect(stemmedQuestionTerms('What embeddings did the authors use? Embedded graphs, graph')).toEqual([
      'embed',
      'embed',
      'graph',
      'graph',
    ]);
  });
});

describe(answerWords.name, () => {
  it('takes a CJK run apart into its bigrams, in order with repeats, and leaves Latin words whole', () => {
    expect(answerWords('负例和负例 PM2浓度')).toEqual(['负例', '例和', '和负', '负例', 'pm2', '浓度']);
  });

  it('drops the bigrams of CJK question words, which an answer does not repeat', () => {
    expect(answerWords('多少负例？')).toEqual(['少负', '负例']);
    expect(answerWords('무엇을')).toEqual(['엇을']);
  });

  it('gives Latin text the words stemmedQuestionTerms stemmed before', () => {
    expect(stemmedQuestionTerms('What are the embeddings of the authors?')).toEqual(['embed']);
    expect(stemmedQuestionTerms('训练时每个正例配几个负例')).toContain('负例');
  });
});
