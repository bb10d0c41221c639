import { numberDepth, parseNumbering } from './heading-numbering';

describe(parseNumbering.name, () => {
  it.each([
    ['1 Introduction', '1', 'Introduction', 'arabic'],
    ['2.1. Data Sets', '2.1', 'Data Sets', 'arabic'],
    ['III. METHODS', 'III', 'METHODS', 'roman'],
    ['A.1 Proof of Lemma 2', 'A.1', 'Proof of Lemma 2', 'letter'],
    ['B. Hyperparameters', 'B', 'Hyperparameters', 'letter'],
    ['Chapter 3 Virtual memory', '3', 'Virtual memory', 'chapter'],
    ['Appendix C: Extra Results', 'C', 'Extra Results', 'appendix'],
    ['Appendix A : Accessories', 'A', 'Accessories', 'appendix'],
    ['Chapter 2 : Electricity', '2', 'Electricity', 'chapter'],
    ['5.2 180° out of phase sine waves', '5.2', '180° out of phase sine waves', 'arabic'],
    ['5.2 1800out of phase sine waves', '5.2', '1800out of phase sine waves', 'arabic'],
    ['9.1.113 Stavespacing', '9.1.113', 'Stavespacing', 'arabic'],
    ['Related Work', null, 'Related Work', 'none'],
  ])('reads "%s" as number %s, title "%s"', (text, number, title, kind) => {
    expect(parseNumbering(text, false)).toEqual({ number, title, kind });
  });

  it('does not take the article "A" for a number outside the appendix', () => {
    expect(parseNumbering('A Study of Things', false).kind).toBe('none');
    expect(parseNumbering('A Proofs', true)).toEqual({ number: 'A', title: 'Proofs', kind: 'letter' });
  });

  it('does not read a number followed by another number as a heading number', () => {
    expect(parseNumbering('2016 2017 2018', false).kind).toBe('none');
    expect(parseNumbering('2016 Results', false).kind).toBe('none');
    expect(parseNumbering('2.1 3.4 5.6', false).kind).toBe('none');
    expect(parseNumbering('2 300 patients were seen', false).kind).toBe('none');
  });
  it('reads a section sign before the number as numbering, not title', () => {
    expect(parseNumbering('§1.1 Scope of the survey', false)).toEqual({ number: '1.1', title: 'Scope of the survey', kind: 'arabic' });
    expect(parseNumbering('§ 3 Results', false)).toMatchObject({ number: '3', title: 'Results' });
    expect(parseNumbering('§ of the Act', false).kind).toBe('none');
  });
});

describe(numberDepth.name, () => {
  it('counts the components of the number', () => {
    expect(numberDepth(parseNumbering('2.1.3 Deep', false))).toBe(3);
    expect(numberDepth(parseNumbering('IV. RESULTS', false))).toBe(1);
    expect(numberDepth(parseNumbering('A.2 More', false))).toBe(2);
  });
});
