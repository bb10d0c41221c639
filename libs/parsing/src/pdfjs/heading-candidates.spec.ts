import { flowLine } from '../testing/flow-line.fixture';
import { evaluateLine } from './heading-candidates';

const ctx = () => ({ body: { size: 10, font: 'Times-Roman' }, headingFonts: new Set<string>(), inAppendix: false });

/** A bold line at `text` between two paragraphs' worth of body lines, 12 pt leading, extra space above it. */
function pageWith(text: string) {
  const body = (y: number) => flowLine('Body text of a paragraph that runs across the whole column width and on', y);
  return [body(740), flowLine('and the paragraph ends here.', 728), flowLine(text, 700, { bold: true }), body(688), body(676)];
}

describe(evaluateLine.name, () => {
  it("turns down a table's column header that names a quantity and its unit", () => {
    expect(evaluateLine(pageWith('Concentration (g)'), 2, ctx())).toBeNull();
  });

  it('keeps a bold title of the same shape that ends in an acronym', () => {
    expect(evaluateLine(pageWith('Support Vector Machines (SVM)'), 2, ctx())?.text).toBe('Support Vector Machines (SVM)');
  });
});
