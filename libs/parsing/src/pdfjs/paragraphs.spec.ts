import { flowLine } from '../testing/flow-line.fixture';
import { groupParagraphs } from './paragraphs';

describe(groupParagraphs.name, () => {
  it('keeps each larger bold label with the paragraph under it instead of gathering the labels into one block', () => {
    const lines = [
      flowLine('Objective', 700, { size: 12, bold: true }),
      flowLine('Learn to measure voltage and get some idea about the ground.', 682),
      flowLine('Equipment', 655, { size: 12, bold: true }),
      flowLine('Two dry cells in a battery holder.', 637),
      flowLine('Discussion', 610, { size: 12, bold: true }),
      flowLine('We are measuring the potential difference between two points.', 592),
    ];
    expect(groupParagraphs(lines).map((p) => p.text)).toEqual([
      'Objective Learn to measure voltage and get some idea about the ground.',
      'Equipment Two dry cells in a battery holder.',
      'Discussion We are measuring the potential difference between two points.',
    ]);
  });

  it('leaves a bold line that ends a sentence on its own', () => {
    const lines = [flowLine('Results were checked twice.', 700, { size: 12, bold: true }), flowLine('The text under it.', 682)];
    expect(groupParagraphs(lines).map((p) => p.text)).toEqual(['Results were checked twice.', 'The text under it.']);
  });

  it('keeps a label with the indented list under it', () => {
    const lines = [
      flowLine('Equipment', 700, { size: 12, bold: true }),
      flowLine([['Two dry cells.', 75]], 682),
      flowLine([['A battery holder.', 75]], 662),
      flowLine('Procedure', 640, { size: 12, bold: true }),
      flowLine([['Connect the cells.', 75]], 622),
    ];
    expect(groupParagraphs(lines).map((p) => p.text)).toEqual([
      'Equipment Two dry cells.',
      'A battery holder.',
      'Procedure Connect the cells.',
    ]);
  });

  it('still sets smaller text aside when it interrupts an unfinished paragraph', () => {
    const prose = 'a paragraph of body text that runs on to the edge of the column and is not finished at all yet and';
    const lines = [
      { ...flowLine(prose, 712, { size: 10 }), x1: 545 },
      { ...flowLine(prose, 700, { size: 10 }), x1: 545 },
      flowLine('1 A footnote in smaller type.', 100, { size: 8 }),
      { ...flowLine('goes on here.', 700, { size: 10, page: 2 }) },
    ];
    expect(groupParagraphs(lines).map((p) => p.text)).toEqual([`${prose} ${prose} goes on here.`, '1 A footnote in smaller type.']);
  });
});
