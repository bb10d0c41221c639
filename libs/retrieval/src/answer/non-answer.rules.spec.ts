import { isSignpost, leansBack, restatementTest } from './non-answer.rules';
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

describe(leansBack.name, () => {
  it('recognises sentences whose meaning rests on an antecedent they do not carry', () => {
    expect(leansBack('The literature graph has 12M nodes of this type.')).toBe(true);
    expect(leansBack('These results suggest a zoonotic origin.')).toBe(true);
    expect(leansBack('It ranges from 2 to 14 days.')).toBe(true);
    expect(leansBack('Such patients were excluded.')).toBe(true);
    expect(leansBack('Of the two, the latter was more sensitive.')).toBe(true);
  });

  it('lets self-contained sentences and the paper naming itself through', () => {
    expect(leansBack('The literature graph consists of more than 280M nodes, representing papers and authors.')).toBe(false);
    expect(leansBack('This study enrolled 84 patients with diabetes.')).toBe(false);
    expect(leansBack('Symptoms such as fever and cough were recorded.')).toBe(false);
    expect(leansBack('Iterative methods were used to fit the model.')).toBe(false);
  });
});
