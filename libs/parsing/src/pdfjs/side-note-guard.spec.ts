import { flowLine } from '../testing/flow-line.fixture';
import type { HeadingCandidate } from './heading-candidates';
import { parseNumbering } from './heading-numbering';
import type { FlowLine } from './layout.types';
import { withoutSideNote } from './side-note-guard';

const candidate = (line: FlowLine): HeadingCandidate => ({
  start: 0,
  end: 1,
  text: line.text,
  numbering: parseNumbering(line.text, false),
  size: line.size,
  font: line.font,
  bold: true,
  caps: false,
  strength: 2,
  known: false,
  references: false,
});

/** A bold 12 pt title with `note` set in `noteSize` at x = 450 on its baseline. */
function headingWithNote(title: string, note: string, noteSize: number, noteBold = false): FlowLine {
  const line = flowLine([[title, 50]], 700, { size: 12, bold: true });
  const run = { ...line.runs[0], text: note, x: 450, x1: 450 + note.length * 0.5 * noteSize, size: noteSize, bold: noteBold };
  return { ...line, text: `${title} ${note}`, runs: [...line.runs, run], x1: run.x1 };
}

describe(withoutSideNote.name, () => {
  it('leaves a small margin note set far right on the baseline out of the title', () => {
    const line = headingWithNote('5.5 Interword spacing', 'pdfTEX 1.40', 9);
    const trimmed = withoutSideNote([line], candidate(line), false);
    expect([trimmed.numbering.number, trimmed.numbering.title]).toEqual(['5.5', 'Interword spacing']);
  });

  it('keeps a title whose far pieces are set as large as the title', () => {
    const line = headingWithNote('5.5 Interword spacing', 'and kerning', 12);
    expect(withoutSideNote([line], candidate(line), false).text).toBe('5.5 Interword spacing and kerning');
  });

  it('keeps a title whose last words follow at an ordinary word space', () => {
    const line = flowLine(
      [
        ['Related', 50],
        ['work', 96],
      ],
      700,
      { size: 12, bold: true },
    );
    expect(withoutSideNote([line], candidate(line), false).text).toBe('Related work');
  });
});
