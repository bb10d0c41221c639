import * as fs from 'fs';
import * as path from 'path';
import { readPageTexts } from './page-texts';

const PDF_DIR = path.resolve(__dirname, '../../../..', '../shared/corpus/pdf');
const pdf = (name: string) => new Uint8Array(fs.readFileSync(path.join(PDF_DIR, `${name}.pdf`)));

describe(readPageTexts.name, () => {
  it('returns one text per page, in page order', async () => {
    const pages = await readPageTexts(pdf('jner-2016-demarchis'));
    expect(pages).toHaveLength(9);
    expect(pages[0].split('\n').slice(4, 8)).toEqual([
      'Multi-contact functional electrical',
      'stimulation for hand opening:',
      'electrophysiologically driven identification',
      'of the optimal stimulation site',
    ]);
    expect(pages[8]).not.toContain('Multi-contact functional electrical\nstimulation');
  });

  it('reads a two-column page column by column, so sentences stay contiguous', async () => {
    const [first] = await readPageTexts(pdf('arxiv-1912.10667'));
    const flat = first.replace(/\s+/g, ' ');
    expect(flat).toContain(
      'Research in remote sensing has been steadily increasing since it is an important source for Earth observation.',
    );
  });
});
