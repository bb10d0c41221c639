import { stemmedQuestionTerms } from '@lectern/text';
import { isSignpost, restatesQuestion } from './non-answer.rules';
import { weightedQuestionTerms } from './sentence-scorer';

describe(restatesQuestion.name, () => {
  const terms = weightedQuestionTerms('What node types does the literature graph contain?');
  const stems = (sentence: string) => stemmedQuestionTerms(`Node Types. ${sentence}`);

  it("holds a sentence of the question's words and numbers alone to restate a what-question", () => {
    expect(
      restatesQuestion('What node types does the literature graph contain?', stems('It has 12M nodes of this type.'), terms, 'thing'),
    ).toBe(true);
    expect(
      restatesQuestion('What node types does the literature graph contain?', stems('Each node represents an author.'), terms, 'thing'),
    ).toBe(false);
  });

  it('lets a yes/no question or a question asking for a number be answered in its own words', () => {
    expect(
      restatesQuestion('Does the literature graph contain node types?', stems('The literature graph contains node types.'), terms, 'thing'),
    ).toBe(false);
    expect(restatesQuestion('How many node types does the literature graph contain?', stems('It has 4 node types.'), terms, 'count')).toBe(
      false,
    );
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
