import { strictCounts } from '../bench/structure/set-results';
import { matchHeadings } from '../bench/structure/structure-scoring';

describe('structure eval: line-start gold counts', () => {
  const gold = [
    { title: 'Introduction', level: 1, startsLine: true },
    { title: '\\robustify', level: 2, startsLine: false },
    { title: 'Usage', level: 1, startsLine: true },
  ];

  it('reports which predicted and which gold headings were paired', () => {
    const match = matchHeadings(
      [
        { title: '1 Introduction', level: 1 },
        { title: 'Stray line', level: 1 },
      ],
      gold,
    );
    expect(match.predictedMatched).toEqual([true, false]);
    expect(match.goldMatched).toEqual([true, false, false]);
  });

  it('drops gold entries not set as their own line, and predictions matching them count neither way', () => {
    const predicted = [
      { title: 'Introduction', level: 1 },
      { title: '\\robustify', level: 2 },
      { title: 'Stray line', level: 1 },
    ];
    expect(strictCounts(matchHeadings(predicted, gold), gold)).toMatchObject({ matched: 1, predicted: 2, gold: 2 });
  });

  it('keeps the counts as they are for gold without the line-start flag', () => {
    const plain = gold.map(({ title, level }) => ({ title, level }));
    expect(strictCounts(matchHeadings([{ title: 'Usage', level: 1 }], plain), plain)).toEqual({
      matched: 1,
      predicted: 1,
      gold: 3,
      levelCorrect: 1,
    });
  });
});
