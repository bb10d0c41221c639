import { flowLine } from '../testing/flow-line.fixture';
import { evaluateLine, hasHeadingShape } from './heading-candidates';

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

  it('takes a numbered title that names a command or an option for a candidate', () => {
    expect(evaluateLine(pageWith('2.4 \\Deduce$ and \\DeduceC'), 2, ctx())?.numbering.number).toBe('2.4');
    expect(evaluateLine(pageWith('6.2 The subrefformat= option'), 2, ctx())?.numbering.title).toBe('The subrefformat= option');
    expect(evaluateLine(pageWith('2.4 Proof that x = y'), 2, ctx())).toBeNull();
  });

  it('takes a bold title broken mid-word for a candidate when it goes on in another bold font', () => {
    const flow = pageWith('4.1 Conversion of a begriff.sty document into a grundge-');
    const rest = { ...flowLine('setze.sty document', 688, { bold: true }), font: 'Times-BoldItalic' };
    expect(evaluateLine([...flow.slice(0, 3), rest, ...flow.slice(3)], 2, ctx())?.numbering.number).toBe('4.1');
  });
});

describe(hasHeadingShape.name, () => {
  it.each([
    '9.1.4 Bar',
    '1.1.1 Scope',
    '9.1.113 Stavespacing',
    '11.2.26 [Endcue]',
    '1.4.8 <description>',
    'A.1.2 Key',
    '<v>',
    '<br> - Line Break',
  ])('counts the letters of "%s" without its number or a leading markup tag', (text) => {
    expect(hasHeadingShape(text)).toBe(true);
  });

  it.each(['1.1 2.5 7.5', '3 42 17 8', 'When a < b holds', '1.2 x <= y', '<a> if x > 0', '2 Table 12 34.5 %'])(
    'still refuses "%s" (mostly digits, or angle brackets outside a leading tag)',
    (text) => {
      expect(hasHeadingShape(text)).toBe(false);
    },
  );
});

describe(`${evaluateLine.name} on licence boilerplate`, () => {
  it('never takes a licence line from a front-matter sidebar for a heading, whatever its style', () => {
    expect(evaluateLine(pageWith('Creative Commons CC-BY 4.0'), 2, ctx())).toBeNull();
    expect(evaluateLine(pageWith('OPEN ACCESS'), 2, ctx())).toBeNull();
    expect(evaluateLine(pageWith('Copyright'), 2, ctx())?.text).toBe('Copyright');
  });
});

describe(`${evaluateLine.name} on stacked sub-headings`, () => {
  // BMC (Springer's AdvTT fonts, ".I" for italic): a second level in an upright font, a third in italic at its size.
  const upright = 'NptcdsAdvTT99c4c969';
  const italic = 'RmdwyjAdvTT83913201.I';
  const styled = (text: string, y: number, font: string) => ({ ...flowLine(text, y, { size: 9.2 }), font, runs: [] });
  const page = () => [
    flowLine('and the paragraph ends here with a full stop and some more words.', 420),
    styled('Experimental setup', 396, upright),
    styled('Neuromuscular electrical stimulation and EMG recording', 384, italic),
    flowLine('FES was provided through a surface electrode array with thirty contacts and', 372),
    flowLine('the array was composed of two main blocks with fixed electrode positions.', 360),
  ];
  const context = () => ({ ...ctx(), headingFonts: new Set([upright, italic]) });

  it('takes an italic line right under an upright heading of its size as a sub-heading, and marks the heading above', () => {
    const flow = page();
    const c = context();
    const above = evaluateLine(flow, 1, c);
    expect(above?.text).toBe('Experimental setup');
    const below = evaluateLine(flow, 2, { ...c, previous: above });
    expect(below?.text).toBe('Neuromuscular electrical stimulation and EMG recording');
    expect(above?.overItalicSubheading).toBe(true);
  });

  it('leaves an upright line under an upright heading of its size alone', () => {
    const flow = page();
    flow[2] = styled('Neuromuscular electrical stimulation and EMG recording', 384, upright);
    const c = context();
    expect(evaluateLine(flow, 2, { ...c, previous: evaluateLine(flow, 1, c) })).toBeNull();
  });
});
