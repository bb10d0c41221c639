import { run, styledLine } from '../testing/flow-line.fixture';
import { withoutCommandNames, withoutTrailingNote } from './heading-title-text';

const BODY = { size: 10, font: 'Times-Roman' };

describe(withoutCommandNames.name, () => {
  it('takes out a control sequence ending in "$" and an option key, not formula signs', () => {
    expect(withoutCommandNames('2.4 \\Deduce$ and \\DeduceC')).toBe('2.4  and \\DeduceC');
    expect(withoutCommandNames('6.2 The subrefformat= option')).toBe('6.2 The subrefformat option');
    expect(withoutCommandNames('x = 3 and $y$')).toBe('x = 3 and $y$');
  });
});

describe(withoutTrailingNote.name, () => {
  const heading = (runs: ReturnType<typeof run>[]) => styledLine(runs.map((r) => r.text).join(''), { size: 9.1, runs, boldRatio: 0.4 });

  it('drops a note in small type after the title and gives the line the title’s size, font and weight', () => {
    const line = heading([
      run('3.2 Character protrusion', { size: 12.2, font: 'Sans-Black', bold: true }),
      run(' ', { size: 12.2, font: 'Sans-Black', bold: true }),
      run('pdfTeX 0.14f | LuaTeX 0.30 | XeTeX 0.9997', { size: 9.1, font: 'Sans-Regular' }),
    ]);
    const trimmed = withoutTrailingNote(line, BODY);
    expect(trimmed).toMatchObject({ text: '3.2 Character protrusion', size: 12.2, font: 'Sans-Black', boldRatio: 1 });
  });

  it('leaves a line alone when nothing small trails it or only the number would stay', () => {
    const plain = heading([run('3.2 Character protrusion', { size: 12.2, bold: true })]);
    const onlyNumber = heading([run('3.2', { size: 12.2, bold: true }), run(' Character protrusion', { size: 8 })]);
    expect(withoutTrailingNote(plain, BODY)).toBeNull();
    expect(withoutTrailingNote(onlyNumber, BODY)).toBeNull();
  });

  it('keeps a trailing part set at the body size: text, not a note', () => {
    const line = heading([run('Results', { size: 14, bold: true }), run(' and more', { size: 10 })]);
    expect(withoutTrailingNote(line, BODY)).toBeNull();
  });
});
