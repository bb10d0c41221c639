import { isSignpost, restatementTest } from './non-answer.rules';
import { stemSet, weightedQuestionTerms } from './sentence-scorer';

describe(restatementTest.name, () => {
  const test = (question: string, type: 'thing' | 'count' = 'thing') => restatementTest(question, weightedQuestionTerms(question), type);

  it("holds a sentence of the question's words and numbers alone to restate a what-question", () => {
    const restates = test('What node types does the literature graph contain?');
    expect(restates(stemSet('The literature graph has 12M nodes of this type.'))).toBe(true);
    expect(restates(stemSet('Each node represents an author.'))).toBe(false);
  });

  it('tests the sentence alone, not the heading that names more than the question asks (Node and Edge Types)', () => {
    // The ranker passes each sentence's own stems: with the heading's, "edge" would keep the restatement ranked.
    const restates = test('What node types does the literature graph contain?');
    expect(restates(stemSet('The literature graph has 12M nodes of this type.'))).toBe(true);
    expect(restates(stemSet('Node and Edge Types. The literature graph has 12M nodes of this type.'))).toBe(false);
  });

  it('lets a yes/no question or a question asking for a number be answered in its own words', () => {
    expect(test('Does the literature graph contain node types?')(stemSet('The literature graph contains node types.'))).toBe(false);
    expect(test('How many node types does the literature graph contain?', 'count')(stemSet('It has 4 node types.'))).toBe(false);
  });
});

describe(isSignpost.name, () => {
  it('recognises sentences that say where the paper tells something, not what', () => {
    expect(isSignpost('In this section, we describe the attributes associated with nodes and edges.')).toBe(true);
    expect(isSignpost('We describe how we populate entity nodes in §4.3.')).toBe(true);
    expect(isSignpost('Entity nodes are populated from a knowledge base, as described below.')).toBe(false);
    expect(isSignpost('We describe a deployed scalable system for organizing the literature.')).toBe(false);
  });
});
