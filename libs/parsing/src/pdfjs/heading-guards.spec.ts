import { flowLine, run, styledLine } from '../testing/flow-line.fixture';
import {
  changesFontBelow,
  inFigureOrTable,
  isDateLine,
  isLicenceBoilerplate,
  isRunIn,
  looksLikeCode,
  titlesSmallType,
} from './heading-guards';

describe(looksLikeCode.name, () => {
  it('recognises TeX code, numbered listing lines and docstrip guards', () => {
    for (const text of [
      '\\AtBeginDocument{%',
      '106 \\def\\FNH@spewnotes {%',
      '314 \\let\\FNH@postfntext\\@empty',
      '5: else',
      '〈∗package〉',
      '352 〈∗egarabpar〉',
      '\\begin{sodg}',
    ]) {
      expect(looksLikeCode(text)).toBe(true);
    }
  });

  it('accepts titles that name a macro or carry a number', () => {
    for (const text of [
      'The \\subref command',
      '\\DeclareFloatingEnvironment',
      '3.1 Usage',
      '2 \\DeclareFloatingEnvironment',
      'Version 2: changes',
    ]) {
      expect(looksLikeCode(text)).toBe(false);
    }
  });
});

describe(titlesSmallType.name, () => {
  const body = { size: 10, font: 'Times-Roman' };
  const small = { size: 7.5 };

  it("takes a small-type title over a table's header cells for the table's title", () => {
    const flow = [
      flowLine('Summary of results obtained from the search', 700, { ...small, bold: true }),
      { ...flowLine('Name', 688, small), rowPeers: 3 },
    ];
    expect(titlesSmallType(flow, 0, body)).toBe(true);
  });

  it("takes a small-type title over a full-line note and then the table's cells for the table's title", () => {
    const note = 'Values in parentheses are for the last resolution shell; the other values are for all data collected.';
    const flow = [
      flowLine('Crystallographic statistics of the complex', 700, { ...small, bold: true }),
      flowLine(note, 691.5, small),
      flowLine('Parameter', 675, { ...small, bold: true }),
      flowLine(
        [
          ['Resolution (Å)', 50],
          ['2.2', 200],
        ],
        662,
        small,
      ),
    ];
    expect(titlesSmallType(flow, 0, body)).toBe(true);
  });

  it('leaves a small heading over a paragraph that goes on in full lines to the heading rules', () => {
    const text = 'Department of Neurosurgery, University of Tuebingen, Otfried-Mueller-Str. 45, 72076 Tuebingen, Germany and';
    const flow = [
      flowLine('Author details', 700, { ...small, bold: true }),
      ...[691.5, 683, 674.5, 666].map((y) => flowLine(text, y, small)),
      flowLine(
        [
          ['Received', 50],
          ['2 May', 200],
        ],
        650,
        small,
      ),
    ];
    expect(titlesSmallType(flow, 0, body)).toBe(false);
  });

  it('takes a supplementary figure label for a caption whatever its size', () => {
    expect(titlesSmallType([flowLine('Figure S2 Interaction fields computed in the region', 700, { bold: true })], 0, body)).toBe(true);
  });

  it('leaves a small back-matter heading over a paragraph, and a body-size heading, to the heading rules', () => {
    const paragraph = 'Department of Neurosurgery, University of Tuebingen, Otfried-Mueller-Str. 45, 72076 Tuebingen, Germany and more';
    expect(titlesSmallType([flowLine('Author details', 700, small), flowLine(paragraph, 691, small)], 0, body)).toBe(false);
    expect(
      titlesSmallType([flowLine('Data extraction', 700, { bold: true }), { ...flowLine('Name', 688, small), rowPeers: 3 }], 0, body),
    ).toBe(false);
  });
});

describe(inFigureOrTable.name, () => {
  const BODY = { size: 9, font: 'Times-Roman' };
  const heading = flowLine('5.1 Tables', 672, { size: 10.8, bold: true });

  it('takes a bold label over small figure text for part of the figure', () => {
    const flow = [heading, flowLine('axis label of the plot', 660, { size: 6 }), flowLine('more figure text', 652, { size: 6 })];
    expect(inFigureOrTable(flow, 0, BODY)).toBe(true);
  });

  it('leaves a heading with a numbered sub-heading in small type stacked right under it', () => {
    const flow = [
      heading,
      flowLine('5.1.1 QUESTION ANSWERING DATA', 660, { size: 6 }),
      flowLine('Body text follows here.', 648, { size: 9 }),
    ];
    expect(inFigureOrTable(flow, 0, BODY)).toBe(false);
  });

  it('takes a bold panel label over small text that merely starts with a figure ("24 h …") for part of the figure', () => {
    const flow = [
      flowLine('Control', 672, { size: 10.8, bold: true }),
      flowLine('24 h after infection', 660, { size: 6 }),
      flowLine('3 months', 652, { size: 6 }),
    ];
    expect(inFigureOrTable(flow, 0, BODY)).toBe(true);
  });

  it('leaves a top heading with its first numbered sub-heading in small capitals under it', () => {
    const flow = [
      flowLine('5 Experiments', 672, { size: 10.8, bold: true }),
      flowLine('5.1 QUESTION ANSWERING', 660, { size: 6 }),
      flowLine('Body text follows here.', 648, { size: 9 }),
    ];
    expect(inFigureOrTable(flow, 0, BODY)).toBe(false);
  });

  it('leaves a heading whose next row has a small margin note beside body text', () => {
    const note = flowLine('\\diadiatab[〈options〉]', 647, { size: 6.3 });
    const text = { ...flowLine([['The command typesets the data file in a table.', 144]], 647, { size: 9 }), rowPeers: 2 };
    const flow = [heading, { ...note, rowPeers: 2 }, text, flowLine([['and goes on in the body.', 144]], 636, { size: 9 })];
    expect(inFigureOrTable(flow, 0, BODY)).toBe(false);
  });

  it('leaves a heading set between two line numbers of a code listing', () => {
    const flow = [
      flowLine('71', 690, { size: 5 }),
      flowLine('2.1 Formatting commands', 672, { size: 10.8, bold: true }),
      flowLine('72', 655, { size: 5 }),
    ];
    expect(inFigureOrTable(flow, 1, BODY)).toBe(false);
  });

  it("leaves a heading over a table's caption (the float set at the top of the section)", () => {
    const flow = [
      flowLine('A Reformulation Examples', 700, { size: 10.8 }),
      flowLine('Table 2: Results of the qualitative analysis on SearchQA.', 676, { size: 6 }),
      flowLine('the reference answer, otherwise the answer given.', 668, { size: 6 }),
    ];
    expect(inFigureOrTable(flow, 0, BODY)).toBe(false);
  });

  it("leaves a numbered heading over a command's signature in small typewriter type", () => {
    const signature = { ...flowLine('\\chemgreekmappingsymbol 〈mapping〉 〈symbol〉', 655, { size: 6 }), font: 'BeraSansMono-Roman' };
    expect(inFigureOrTable([flowLine('8. Additional Macros', 672, { size: 10.8 }), signature], 0, BODY)).toBe(false);
    expect(inFigureOrTable([flowLine('Encoder', 672, { size: 10.8, bold: true }), signature], 0, BODY)).toBe(true);
  });

  it('leaves a heading over its section\'s code in small type (TeX source, a "%" comment)', () => {
    const code = (text: string, y: number) => ({ ...flowLine(text, y, { size: 6 }), font: 'newtxtt' });
    expect(
      inFigureOrTable([flowLine('Implementation', 672, { size: 10.8, bold: true }), code('\\NeedsTeXFormat{LaTeX2e}', 655)], 0, BODY),
    ).toBe(false);
    expect(inFigureOrTable([flowLine('1 License', 672, { size: 10.8, bold: true }), code('% Package: footnotehyper', 655)], 0, BODY)).toBe(
      false,
    );
  });

  it("counts a numbered title's figures without its section number", () => {
    const text = flowLine('The text of the section follows here.', 655, { size: 9 });
    expect(inFigureOrTable([flowLine('12 From Version 0 to Version 1', 672, { size: 10.8 }), text], 0, BODY)).toBe(false);
    expect(inFigureOrTable([flowLine('Model B 9.7 13.1 15.0', 672, { size: 10.8, bold: true }), text], 0, BODY)).toBe(true);
  });

  it('leaves a numbered heading set larger than the body under the last row of a table ending the page above it', () => {
    const row = { ...flowLine('1s2 2s2 2p6', 700, { size: 7 }), rowPeers: 4 };
    const text = flowLine('The package also supports the notation.', 650, { size: 9 });
    expect(inFigureOrTable([row, flowLine('15. Kröger-Vink Notation', 672, { size: 13 }), text], 1, BODY)).toBe(false);
    expect(inFigureOrTable([row, flowLine('Baselines', 690, { size: 9, bold: true }), text], 1, BODY)).toBe(true);
  });
});

describe(isRunIn.name, () => {
  const body = { size: 10, font: 'CMR10' };
  const line = (runs: ReturnType<typeof run>[]) => styledLine(runs.map((r) => r.text).join(''), { size: runs[0].size, runs });

  it('takes a bold lead followed by text at the body size for a run-in paragraph', () => {
    expect(isRunIn(line([run('Data.', { bold: true }), run(' We collected the samples in spring.')]), body)).toBe(true);
  });

  it('leaves a heading larger than the body whose title names a command in another font', () => {
    const title = line([
      run('2.5 Fix ', { size: 12, bold: true, font: 'CMBX12' }),
      run('\\Gin@ii', { size: 12, font: 'CMTT12' }),
      run(' of package ', { size: 12, bold: true, font: 'CMBX12' }),
      run('graphicx', { size: 12, font: 'CMSS12' }),
    ]);
    expect(isRunIn(title, body)).toBe(false);
  });

  it('leaves a title that opens in its own font with a bold word inside it', () => {
    const title = line([
      run('A.12. Mapping ‘', { size: 11 }),
      run('fontspec', { size: 9, bold: true }),
      run('’ with Font ‘Linux Libertine’', { size: 11 }),
    ]);
    expect(isRunIn(title, body)).toBe(false);
  });
});

describe(changesFontBelow.name, () => {
  it('finds a numbered line set wholly in another font than the line below it', () => {
    const heading = { ...flowLine('4.2.1. Case 1: Embeddings approach', 700), font: 'Times-Italic' };
    heading.runs = heading.runs.map((r) => ({ ...r, font: 'Times-Italic' }));
    expect(changesFontBelow([heading, flowLine('In this work, we have selected word vectors', 688)], 0)).toBe(true);
    expect(changesFontBelow([flowLine('4.2 The data we used were drawn from', 700), flowLine('the archive of the project', 688)], 0)).toBe(
      false,
    );
  });
});

describe(isLicenceBoilerplate.name, () => {
  it('recognises licence, open-access and copyright lines from a front-matter sidebar or footer', () => {
    for (const text of [
      'Creative Commons CC-BY 4.0',
      'Distributed under',
      'OPEN ACCESS',
      '© 2017 The Authors',
      'Copyright 2017 Webb et al.',
      'Copyright (c) 2010 Elsevier Ltd. All rights reserved.',
      'Licensed under CC BY-NC 4.0',
      'This article is licensed under a Creative Commons Attribution 4.0 International License',
    ]) {
      expect(isLicenceBoilerplate(text)).toBe(true);
    }
  });

  it("leaves a manual's licence chapters and ordinary titles alone", () => {
    for (const text of ['Copyright', 'License', 'Copyright and License', 'Open access to clinical trial data', 'Methods']) {
      expect(isLicenceBoilerplate(text)).toBe(false);
    }
  });
});

describe(isDateLine.name, () => {
  it("takes a title page's date for a date", () => {
    for (const text of ['10 Mar 99', 'March 10, 1999', '1st January 2020', '2019-05-04']) expect(isDateLine(text)).toBe(true);
  });

  it('leaves titles that carry a month or a year alone', () => {
    for (const text of ['June 2020', '3 March of the Penguins', '2 May Day traditions', '2019 Results', '10 Marketing 2020'])
      expect(isDateLine(text)).toBe(false);
  });
});
