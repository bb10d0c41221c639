import type { TextRun } from './layout.types';
import { assembleLines, fixAccents } from './text-lines';

/** A run of text as pdf.js would report it; widths approximate 0.5 em per character. */
const run = (text: string, x: number, y: number, size = 10, bold = false): TextRun => ({
  text,
  x,
  x1: x + text.length * size * 0.5,
  y,
  size,
  font: bold ? 'Times-Bold' : 'Times-Roman',
  bold,
});

describe(assembleLines.name, () => {
  it('puts runs on the same baseline into one line, in x order', () => {
    const lines = assembleLines([run('world', 60, 700), run('hello ', 30, 700)], 1);
    expect(lines.map((l) => l.text)).toEqual(['hello world']);
  });

  it('separates lines of two columns sharing a baseline', () => {
    const lines = assembleLines([run('left column text', 50, 700), run('right column text', 320, 700)], 1);
    expect(lines.map((l) => [l.text, l.rowPeers])).toEqual([
      ['left column text', 2],
      ['right column text', 2],
    ]);
  });

  it('drops a raised footnote marker after a word but keeps an exponent after a digit', () => {
    const lines = assembleLines([run('competitive', 50, 700), run('1', 105, 704, 7), run(' and 10', 110, 700), run('28', 145, 704, 7)], 1);
    expect(lines).toHaveLength(1);
    expect(lines[0].text).toBe('competitive and 1028');
  });

  it('reads the letters of a code listing set on a fixed grid as one word', () => {
    // As the text layer reports a listing's grid: each character one column (0.65 em) apart, with spaces read between them.
    const pieces = ['Write', ' ( ’ Case', ' i n s e n s i t i v e', ' ’ ) ;'];
    let x = 50;
    const runs = pieces.map((text) => {
      const width = Math.ceil(text.trim().length / 2) * 4.9;
      const r: TextRun = { ...run(text, x, 700, 7.5), x1: x + width };
      x += width + 2;
      return r;
    });
    const lines = assembleLines(runs, 1);
    expect(lines.map((l) => l.text)).toEqual(['Write ( ’ Case insensitive ’ ) ;']);
  });

  it('keeps single letters apart where the spaces between them are real', () => {
    // Variables named in prose, with full word spaces between them: 0.45 em per character.
    const lines = assembleLines([{ ...run('points a b c d lie', 50, 700), x1: 50 + 18 * 4.5 }], 1);
    expect(lines.map((l) => l.text)).toEqual(['points a b c d lie']);
    const alone = assembleLines([{ ...run('x y z w', 50, 700), x1: 50 + 7 * 4.2 }, run(' are the axes', 80, 700)], 1);
    expect(alone.map((l) => l.text)).toEqual(['x y z w are the axes']);
  });

  it('keeps a section number with a title set far apart', () => {
    const lines = assembleLines([run('1', 50, 700, 12, true), run('Introduction', 80, 700, 12, true)], 1);
    expect(lines.map((l) => l.text)).toEqual(['1 Introduction']);
  });

  it('keeps a justified line with wide, even word gaps as one line', () => {
    // Each word is 0.5 em per letter wide; the gaps are all 14.4 pt, wider than one 12 pt font size.
    const words = ['asistencia', 'técnica', 'y', 'las', 'limitaciones', 'de'];
    const runs: TextRun[] = [];
    let x = 100;
    for (const word of words) {
      runs.push(run(word, x, 444, 12, true));
      x += word.length * 6 + 14.4;
    }
    const lines = assembleLines(runs, 1);
    expect(lines.map((l) => l.text)).toEqual(['asistencia técnica y las limitaciones de']);
  });

  it('keeps a justified line as one line when the other column shares its row', () => {
    // The left column's bold heading sits on the row of the right column's justified first line.
    const runs: TextRun[] = [run('INTRODUCTION', 50, 700, 10, true)];
    let x = 315;
    for (const word of ['dione', 'and', 'vitexin.', 'Here,', 'the', 'preliminary']) {
      runs.push(run(word, x, 700));
      x += word.length * 5 + 13;
    }
    expect(assembleLines(runs, 1).map((l) => l.text)).toEqual(['INTRODUCTION', 'dione and vitexin. Here, the preliminary']);
  });

  it('still splits a row whose gaps differ, as table cells do', () => {
    const runs = [run('Strain', 50, 700), run('Origin', 120, 700), run('Host', 170, 700), run('Year', 260, 700)];
    expect(assembleLines(runs, 1).map((l) => l.text)).toEqual(['Strain', 'Origin', 'Host', 'Year']);
  });

  it('still splits evenly spaced one-word pieces in different fonts', () => {
    const runs = [run('Alpha', 50, 700), run('Beta', 90, 700, 10, true), run('Gamma', 125, 700), run('Delta', 165, 700, 10, true)];
    expect(assembleLines(runs, 1)).toHaveLength(4);
  });

  it('records the share of bold characters', () => {
    const [line] = assembleLines([run('Bold lead', 50, 700, 10, true), run(' then plain text', 95, 700)], 1);
    expect(line.boldRatio).toBeCloseTo(8 / 21, 2);
  });

  it('orders lines top to bottom', () => {
    const lines = assembleLines([run('second', 50, 680), run('first', 50, 700)], 3);
    expect(lines.map((l) => [l.text, l.page])).toEqual([
      ['first', 3],
      ['second', 3],
    ]);
  });
});

describe(fixAccents.name, () => {
  it('combines TeX spacing accents with the letter that follows', () => {
    expect(fixAccents('Maestr\u00b4\u0131a en Desarrollo')).toBe('Maestría en Desarrollo');
    expect(fixAccents('Paul Erd\u02ddos')).toBe('Paul Erdős');
  });

  it('combines an acute accent with its letter across a space, at the end of a word too', () => {
    expect(fixAccents('Universit\u00b4 e de Paris')).toBe('Université de Paris');
    expect(fixAccents('Universit\u00b4 e')).toBe('Université');
    expect(fixAccents('Mart\u00b4 \u0131nez')).toBe('Martínez');
  });

  it('reads an acute accent closing a word as an apostrophe, not as an accent on the next word', () => {
    expect(fixAccents('Description of authors\u00b4 roles')).toBe('Description of authors\u2019 roles');
    expect(fixAccents('the authors\u00b4')).toBe('the authors\u2019');
  });

  it('reads an acute accent before a clitic that ends the word as an apostrophe, and keeps it inside a word', () => {
    expect(fixAccents('germany\u00b4s bundestag')).toBe('germany\u2019s bundestag');
    expect(fixAccents('we don\u00b4t know')).toBe('we don\u2019t know');
    expect(fixAccents('Wi\u00b4sniewski')).toBe('Wiśniewski');
    expect(fixAccents('Jos\u00b4e')).toBe('José');
  });
});
