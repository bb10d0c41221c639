import { buildCommentBalloonPdf, buildSidenotePdf } from '../../../../test/fixtures/word-processor-pdfs';
import { splitCommentColumn } from './comment-column';
import type { TextRun } from './layout.types';
import { readPdfText } from './pdf-document.reader';
import { PdfjsParser } from './pdfjs.parser';

const run = (text: string, x: number, y: number, size: number): TextRun => ({
  text,
  x,
  x1: x + text.length * size * 0.5,
  y,
  size,
  font: 'Helvetica',
  bold: false,
});

const body = (rows: number) => [...Array(rows).keys()].map((i) => run('Body text of the page, set in ten point.', 72, 700 - 12 * i, 10));
const parse = (pdf: Buffer) => new PdfjsParser().parse(new Uint8Array(pdf), { ocr: { mode: 'off', langs: [] } });

describe(splitCommentColumn.name, () => {
  it('takes out a right-hand column of small rows headed by balloon labels, and returns its rows', () => {
    const balloons = [
      run('Jane Reviewer 5/12/05 12:14 PM', 450, 704, 7),
      run('Comment: No use of small caps.', 450, 695.6, 7),
      run('Jane Reviewer 6/6/05 2:13 PM', 450, 680, 7),
      run('Comment: Year plus period only.', 450, 671.6, 7),
    ];
    const { runs, comments } = splitCommentColumn([...body(8), ...balloons], 612);
    expect(runs).toHaveLength(8);
    expect(comments).toEqual([
      'Jane Reviewer 5/12/05 12:14 PM',
      'Comment: No use of small caps.',
      'Jane Reviewer 6/6/05 2:13 PM',
      'Comment: Year plus period only.',
    ]);
  });

  it("reads Windows Word's balloons, labelled with the reviewer's initials and no time stamp", () => {
    const balloons = ['Commented [JR1]: Spell out first', 'names of every author.', 'Deleted: ,'].map((t, i) =>
      run(t, 470, 704 - 8.4 * i, 7.5),
    );
    expect(splitCommentColumn([...body(8), ...balloons], 612).comments).toHaveLength(3);
  });

  it('finds the column when the remarks outweigh the body on the page', () => {
    const balloons = [...Array(12).keys()].map((i) =>
      run(i % 3 ? 'a long remark about the citation style of this' : 'Comment: see', 450, 710 - 8 * i, 7),
    );
    expect(splitCommentColumn([...body(3), ...balloons], 612).runs).toHaveLength(3);
  });

  it('keeps a small-type column without labels or time stamps, and one on the left of the page', () => {
    const notes = ['A sidenote set in', 'the margin, as some', 'books print asides.'].map((t, i) => run(t, 450, 700 - 8 * i, 7));
    expect(splitCommentColumn([...body(8), ...notes], 612).runs).toHaveLength(11);
    const left = ['Comment: a', 'remark printed', 'Comment: left'].map((t, i) => run(t, 20, 700 - 8 * i, 7));
    expect(splitCommentColumn([...body(8), ...left], 612).runs).toHaveLength(11);
  });

  it('finds no column where body-size text also starts right of its edge (a wide table, not a margin)', () => {
    const balloons = ['Comment: one', 'Comment: two', 'Comment: three'].map((t, i) => run(t, 450, 704 - 8.4 * i, 7));
    const wide = [...Array(8).keys()].map((i) => run('Wide cell text', 450, 650 - 12 * i, 10));
    expect(splitCommentColumn([...body(8), ...wide, ...balloons], 612).comments).toEqual([]);
  });

  it('keeps balloon rows out of the page lines they share baselines with', async () => {
    const [page] = await readPdfText(new Uint8Array(buildCommentBalloonPdf()));
    const text = page.lines.map((l) => l.text).join('\n');
    expect(text).not.toMatch(/Comment|Reviewer|lexical/);
    expect(text).toContain('Chomsky, Noam. 1986. Knowledge of language. New York: Praeger.');
    expect(page.comments).toContain('Comment: Capitalize all lexical words in');
  });

  it('leaves comment balloons out of passages and references', async () => {
    const article = await parse(buildCommentBalloonPdf());
    const text = article.sections.flatMap((s) => [s.title, ...s.blocks.map((b) => b.text)]).join('\n');
    expect(text).not.toMatch(/Comment|Reviewer|12:14/);
    expect(text).toContain('worthwhile for distinguishing volume titles from article titles');
    const references = (article.references ?? []).map((r) => r.raw).join('\n');
    expect(references).toContain('Chomsky, Noam. 1986. Knowledge of language. New York: Praeger.');
    expect(references).toContain('Iverson, Gregory K. 1983. Korean. Journal of Phonetics 11. 191-200.');
    expect(references).not.toMatch(/Comment|Reviewer|lexical/);
  });

  it("keeps a book's sidenotes, which carry no review labels, in the text", async () => {
    const article = await parse(buildSidenotePdf());
    const text = article.sections.flatMap((s) => s.blocks.map((b) => b.text)).join('\n');
    expect(text).toContain('sidenote');
  });
});
