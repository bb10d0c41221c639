import type { ParsedBlock } from '../article';
import { joinAcrossTables } from './table-joins';

const text = (t: string, page = 4): ParsedBlock => ({ text: t, page, kind: 'text' });
const caption: ParsedBlock = { text: 'Table 3: Results of the model.', page: 4, kind: 'figure_caption' };
const table: ParsedBlock = { text: '| Description | F1 |\n| --- | --- |\n| Without LM | 49.9 |', page: 4, kind: 'table' };

describe(joinAcrossTables.name, () => {
  it('joins a sentence a table interrupts into one paragraph before the table', () => {
    const blocks = [
      text('In the deployed system, we use three instances of the model'),
      table,
      caption,
      text('with a similar architecture. Two are trained.'),
    ];
    expect(joinAcrossTables(blocks)).toEqual([
      text('In the deployed system, we use three instances of the model with a similar architecture. Two are trained.'),
      table,
      caption,
    ]);
  });

  it('keeps paragraphs apart when the first ends a sentence or the next starts one', () => {
    const ended = [text('The model is trained on two datasets.'), table, text('with a lowercase start after a full stop')];
    const fresh = [text('The model is trained on'), table, text('Results follow in the next section.')];
    expect(joinAcrossTables(ended)).toEqual(ended);
    expect(joinAcrossTables(fresh)).toEqual(fresh);
  });

  it('joins only across a table, never two neighbouring paragraphs, and never OCR text with a box', () => {
    const neighbours = [text('A list that goes on'), text('and on without a table between')];
    const boxed = [text('Read by OCR and cut'), table, { ...text('off by a table'), box: { page: 4, x: 0, y: 0, w: 10, h: 10 } }];
    expect(joinAcrossTables(neighbours)).toEqual(neighbours);
    expect(joinAcrossTables(boxed)).toEqual(boxed);
  });
});
