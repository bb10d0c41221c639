import { MAX_QUERY_TERMS, queryTerms, questionKeywords, stemmedQuestionTerms } from './question-terms';

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
