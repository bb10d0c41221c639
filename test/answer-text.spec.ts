import { holdsAnswer, normaliseAnswerText } from '../bench/eval/answer-text';

describe('holdsAnswer', () => {
  const holds = (text: string, gold: string) => holdsAnswer(normaliseAnswerText(text), normaliseAnswerText(gold));

  it('reads a compound broken at its hyphen the same whether the parser kept the hyphen, a space or neither', () => {
    expect(holds('HCV is an enveloped, positivestranded RNA virus.', 'enveloped, positive-stranded RNA virus')).toBe(true);
    expect(holds('had clinical- ly apparent illnesses', 'had clinical-\nly apparent illnesses')).toBe(true);
  });

  it("reads the paper's reference marker the same as the answer's rewriting of it", () => {
    expect(
      holds('Early pneumonia can impair lung function (ref. 6) . Severe pneumonia', 'impair lung function [6] . Severe pneumonia'),
    ).toBe(true);
  });

  it('lets a gold of several words end inside a word, as a span cut mid-word does', () => {
    expect(holds('Control measures and changes in population behaviour.', 'changes in population behaviou')).toBe(true);
  });

  it('keeps a number whole and a single word whole', () => {
    expect(holds('It took 50 days.', 'took 5')).toBe(false);
    expect(holds('The rates rose.', 'rate')).toBe(false);
  });

  it('still needs the words in order', () => {
    expect(holds('stranded positive RNA', 'positive-stranded RNA')).toBe(false);
  });
});
