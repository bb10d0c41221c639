import * as fs from 'fs';
import * as path from 'path';
import { readTeiOutline } from './tei-outline.reader';

const GROBID_DIR = path.resolve(__dirname, '../../../..', '../shared/corpus/grobid');
const read = (name: string) => readTeiOutline(fs.readFileSync(path.join(GROBID_DIR, name), 'utf8'));
const allTeis = [
  ...fs.readdirSync(GROBID_DIR).filter((f) => f.endsWith('.tei.xml')),
  ...fs.readdirSync(path.join(GROBID_DIR, 'alt')).map((f) => `alt/${f}`),
];

describe(readTeiOutline.name, () => {
  it.each(allTeis)('reads %s: a title, heads with text, and references', (name) => {
    const outline = read(name);
    expect(outline.title.length).toBeGreaterThan(10);
    expect(outline.heads.length).toBeGreaterThan(0);
    expect(outline.heads.every((h) => typeof h.title === 'string')).toBe(true);
    expect(outline.hasReferences).toBe(true);
  });

  it('keeps the numbering GROBID put in the n attribute, in document order', () => {
    const heads = read('acl-N18-3011.tei.xml').heads;
    expect(heads.slice(0, 4)).toEqual([
      { n: '1', title: 'Introduction' },
      { n: '2', title: 'Structure of The Literature Graph' },
      { n: '2.1', title: 'Node Types' },
      { n: '2.2', title: 'Edge Types' },
    ]);
  });

  it('reads heads of divs only, not of figures and tables', () => {
    const titles = read('arxiv-1912.10667.tei.xml').heads.map((h) => h.title);
    expect(titles).toContain('Network Architecture');
    expect(titles.some((t) => /^(Figure|Table) \d/.test(t))).toBe(false);
  });

  it('includes back-matter divs (acknowledgements, competing interests) but not the bibliography', () => {
    const titles = read('jner-2016-demarchis.tei.xml').heads.map((h) => h.title);
    expect(titles.slice(-2)).toEqual(['Acknowledgements', 'Competing interests']);
    expect(titles).not.toContain('References');
  });

  it('reads the old pretty-printed GROBID format, trimming its whitespace', () => {
    const outline = read('arxiv-1211.2288.tei.xml');
    expect(outline.title).toBe('The Need to Fairly Confront Spin-1 for the New Higgs-like Particle');
    expect(outline.heads).toEqual([{ n: null, title: '2' }]);
  });

  it('says there are no references when the bibliography is empty', () => {
    const xml = `<TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader><fileDesc><titleStmt><title level="a" type="main">T</title></titleStmt></fileDesc></teiHeader>
      <text><body><div><head n="1">Intro</head><p>x</p></div></body><back><div type="references"><listBibl/></div></back></text></TEI>`;
    expect(readTeiOutline(xml)).toEqual({ title: 'T', heads: [{ n: '1', title: 'Intro' }], hasReferences: false });
  });

  it('refuses a document that is not TEI', () => {
    expect(() => readTeiOutline('<html><body/></html>')).toThrow(/not a TEI document/);
  });
});
