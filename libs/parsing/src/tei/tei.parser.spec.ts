import * as fs from 'fs';
import * as path from 'path';
import { REFERENCES_SECTION_NUMBER, type ParsedArticle } from '../article';
import { ParserOutputError } from '../service-errors';
import { parseTei } from './tei.parser';

const GROBID_DIR = path.resolve(__dirname, '../../../..', '../shared/corpus/grobid');
const ALL_TEIS = [
  ...fs.readdirSync(GROBID_DIR).filter((f) => f.endsWith('.tei.xml')),
  ...fs.readdirSync(path.join(GROBID_DIR, 'alt')).map((f) => `alt/${f}`),
];
const xmlOf = (name: string) => fs.readFileSync(path.join(GROBID_DIR, name), 'utf8');
const parsed = new Map<string, ParsedArticle>();
const parse = (name: string): ParsedArticle => {
  if (!parsed.has(name)) parsed.set(name, parseTei(xmlOf(name)));
  return parsed.get(name) as ParsedArticle;
};
const section = (article: ParsedArticle, title: string) => {
  const found = article.sections.find((s) => s.title === title);
  if (!found) throw new Error(`no section "${title}" in ${article.sections.map((s) => s.title).join(' | ')}`);
  return found;
};

/** Counted straight from the XML text, independently of the parser. */
function countsInXml(xml: string) {
  const text = xml.slice(xml.indexOf('<text'));
  const bibliography = text.slice(text.indexOf('<listBibl'), text.indexOf('</listBibl>'));
  return {
    headedDivs: (text.match(/<div\b[^>]*>\s*<head\b/g) ?? []).length,
    biblStructs: (bibliography.match(/<biblStruct\b/g) ?? []).length,
    hasAbstract: /<abstract>\s*(<div[^>]*>\s*)?<p>/.test(xml),
    numbers: [...text.matchAll(/<head\b[^>]*\bn="([^"]+)"/g)].map((m) => m[1].replace(/\.+$/, '')),
  };
}
/** GROBID left the opening text of these papers outside any headed div: it becomes an untitled section. */
const UNTITLED_OPENING = new Set(['aem-2011-hu-crenarchaeota.tei.xml', 'arxiv-1211.2288.tei.xml']);

describe(parseTei.name, () => {
  describe.each(ALL_TEIS)('on the corpus TEI %s', (name) => {
    const counts = countsInXml(xmlOf(name));

    it('makes one section per headed div, plus the abstract, the untitled opening and the references', () => {
      const article = parse(name);
      const expected = counts.headedDivs + (counts.hasAbstract ? 1 : 0) + (UNTITLED_OPENING.has(name) ? 1 : 0) + 1;
      expect(article.sections).toHaveLength(expected);
      expect(article.sections.filter((s) => s.title === '')).toHaveLength(UNTITLED_OPENING.has(name) ? 1 : 0);
    });

    it('renders every biblStruct of the bibliography as one reference block', () => {
      const refs = parse(name).sections.filter((s) => s.number === REFERENCES_SECTION_NUMBER);
      expect(refs).toHaveLength(1);
      expect(refs[0].blocks).toHaveLength(counts.biblStructs);
      expect(refs[0].blocks.every((b) => b.text.length > 10)).toBe(true);
    });

    it('keeps the numbering GROBID found in head/@n', () => {
      const numbers = new Set(parse(name).sections.map((s) => s.number));
      for (const n of counts.numbers) expect(numbers).toContain(n);
    });

    it('puts every block on a page between 1 and the page count, with text', () => {
      const article = parse(name);
      const blocks = article.sections.flatMap((s) => s.blocks);
      expect(blocks.length).toBeGreaterThan(20);
      for (const block of blocks) {
        expect(block.page).toBeGreaterThanOrEqual(1);
        expect(block.page).toBeLessThanOrEqual(article.pageCount);
        expect(block.text.trim().length).toBeGreaterThan(0);
        if (block.box) expect(block.page).toBe(block.box.page);
      }
      expect(article.parsers).toEqual(['grobid']);
    });

    it('reads a title, at least one plausible author, and levels that follow the numbering', () => {
      const article = parse(name);
      expect(article.title.length).toBeGreaterThan(10);
      expect(article.authors.length).toBeGreaterThan(0);
      expect(article.authors.every((a) => /\p{L}{2}/u.test(a))).toBe(true);
      for (const s of article.sections) {
        if (/^\d+(\.\d+)*$/.test(s.number) && s.number !== '0') expect(s.level).toBe(s.number.split('.').length);
      }
    });
  });

  it('reads the header of the 0.5.5 AEM paper: DOI, journal, date, and no garbage first author', () => {
    const article = parse('aem-2011-hu-crenarchaeota.tei.xml');
    expect(article.doi).toBe('10.1128/AEM.00294-11');
    expect(article.journal).toBe('APPLIED AND ENVIRONMENTAL MICROBIOLOGY');
    expect(article.datePublished).toBe('2011-11');
    expect(article.authors).toEqual(['Anyi Hu', 'Nianzhi Jiao', 'Rui Zhang', 'Zao Yang']);
  });

  it('reads the abstract as section 0 with its paragraphs, and as the article abstract', () => {
    const article = parse('jner-2016-demarchis.tei.xml');
    expect(article.sections[0]).toMatchObject({ number: '0', title: 'Abstract', level: 1 });
    expect(article.sections[0].blocks[0].text).toMatch(/^Background: Functional Electrical Stimulation \(FES\)/);
    expect(article.abstract).toBe(article.sections[0].blocks.map((b) => b.text).join('\n\n'));
    expect(article.doi).toBe('10.1186/s12984-016-0129-6');
    expect(article.datePublished).toBe('2016-03-08');
    expect(article.pageCount).toBe(9);
  });

  it('numbers an unnumbered heading in a numbered paper as a subsection of the one above', () => {
    const article = parse('acl-2020.acl-main.207.tei.xml');
    expect(article.sections.slice(1, 6).map((s) => [s.number, s.level, s.title])).toEqual([
      ['1', 1, 'Introduction'],
      ['2', 1, 'Model 2.1 Overview'],
      ['2.2', 2, 'Background: Pretrained Transformers'],
      ['2.2.1', 3, 'Document Representation'],
      ['2.3', 2, 'Citation-Based Pretraining Objective'],
    ]);
  });

  it('gives ordinals to the sections of an unnumbered paper, and keeps back matter as sections', () => {
    const article = parse('jner-2016-demarchis.tei.xml');
    const titles = article.sections.map((s) => `${s.number} ${s.title}`);
    expect(titles.slice(1, 4)).toEqual(['1 Background', '2 Methods', '3 Participants']);
    expect(titles.slice(-3)).toEqual(['19 Acknowledgements', '20 Competing interests', 'ref References']);
  });

  it('takes the page and box of a paragraph from its first sentence when the TEI has coordinates', () => {
    const intro = section(parse('arxiv-1912.10667.tei.xml'), 'Introduction');
    expect(intro.blocks[0].box).toEqual({ page: 1, x: 62.07, y: 620.83, w: 224.3, h: 8.64 });
    expect(intro.blocks[0].text).toMatch(/^Research in remote sensing .* traffic monitoring \[21\], urban planning \[4\]/);
  });

  it('turns formulas into equation blocks with their text and coordinates', () => {
    const analysis = section(parse('jner-2016-demarchis.tei.xml'), 'Data analysis');
    const equations = analysis.blocks.filter((b) => b.kind === 'equation');
    expect(equations).toHaveLength(2);
    expect(equations[0]).toMatchObject({ page: 4, text: expect.stringMatching(/^Fext i ¼ 100 FE i T FEi/) });
  });

  it('renders table cells as a Markdown table below the caption', () => {
    const tables = parse('arxiv-1912.10667.tei.xml').sections.flatMap((s) => s.blocks.filter((b) => b.kind === 'table'));
    expect(tables).toHaveLength(4);
    const [caption, table] = tables[0].text.split('\n\n');
    expect(caption).toBe(
      'Table 1: Experimental results of FCN using VGG-16 as backbone. Stride conv, P-pooling and ours G-pooling are used to replaced the standard max/average pooling.',
    );
    const rows = table.split('\n');
    expect(rows[0]).toBe('| Potsdam |  |  |  |  |  |');
    expect(rows[1]).toBe('| --- | --- | --- | --- | --- | --- |');
    expect(rows[2]).toMatch(/^\| Methods \| Roads Buildings Low Veg\. Trees Cars mIoU Pixel Acc\. \|/);
    expect(tables[0].page).toBe(5);
  });

  it('puts figures GROBID moved to the end of the body back after the paragraph that cites them', () => {
    const definition = section(parse('arxiv-1912.10667.tei.xml'), 'Definition');
    const figure = definition.blocks.findIndex((b) => b.kind === 'figure_caption');
    expect(definition.blocks[figure].text).toMatch(/^Figure 2: Given a feature map as an input/);
    expect(definition.blocks[figure - 1].text).toContain('Please see Figure 2 for reference');
    expect(definition.blocks[figure].page).toBe(3);
  });

  it('uses the raw citation string when GROBID was asked for it, else renders one from the fields', () => {
    const raw = section(parse('acl-N18-3011.tei.xml'), 'References').blocks[2].text;
    expect(raw).toBe(
      'Chandra Bhagavatula, Sergey Feldman, Russell Power, and Waleed Ammar. 2018. Content-based citation recommendation. In NAACL.',
    );
    const rendered = section(parse('aem-2011-hu-crenarchaeota.tei.xml'), 'References').blocks[0].text;
    expect(rendered).toBe(
      'H. Agogué, M. Brink, J. Dinasquet, G. J. Herndl (2008). Major gradients in putatively nitrifying and non-nitrifying Archaea in the deep North Atlantic. Nature, 456, 788-791.',
    );
  });

  it('reads the 2015 pretty-printed format: inline citations, math inside paragraphs, caption-less math figures', () => {
    const article = parse('arxiv-1211.2288.tei.xml');
    const opening = article.sections.find((s) => s.title === '');
    expect(opening?.number).toBe('1');
    expect(opening?.blocks[0].text).toMatch(/^Recently the ATLAS \[1\] and CMS \[2\] experiments reported/);
    const equations = article.sections
      .flatMap((s) => s.blocks)
      .filter((b) => b.kind === 'equation')
      .map((b) => b.text);
    expect(equations).toContain('Z µ − = Z µ 1 − Z µ 2 → Z µ 1 − ∂ µ θ − Z µ 2 + ∂ µ θ = Z µ − .');
    expect(equations[0]).toBe('V ρµν (Q, ) = V ρνµ (Q, −); Q = k 1 + k 2 ; = k 1 − k 2 .');
  });

  it('reads the same outline from the 0.6.1 and 0.8.1 TEIs of one paper', () => {
    const titles = (name: string) => parse(name).sections.map((s) => s.title);
    const older = titles('alt/jner-2016-demarchis.grobid-0.6.1.tei.xml');
    const newer = titles('jner-2016-demarchis.tei.xml');
    expect(older).toHaveLength(newer.length);
    // 0.8.1 mistook a figure-panel label for the head of one subsection.
    expect(older.filter((t, i) => t !== newer[i])).toEqual(['Selectivity with optimal stimulation pattern']);
  });

  describe('refuses output that is not usable TEI', () => {
    const expectOutputError = (xml: string, message: RegExp) => {
      let caught: unknown;
      try {
        parseTei(xml);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ParserOutputError);
      expect((caught as ParserOutputError).service).toBe('grobid');
      expect((caught as Error).message).toMatch(message);
    };

    it('rejects a document without a TEI root', () =>
      expectOutputError('<html><body><p>Service unavailable</p></body></html>', /not a TEI document/));
    it('rejects an empty answer', () => expectOutputError('', /not a TEI document/));
    it('rejects a TEI whose body has no text', () =>
      expectOutputError(
        '<TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader><fileDesc><titleStmt><title>T</title></titleStmt></fileDesc></teiHeader><text><body/><back/></text></TEI>',
        /no paragraphs/,
      ));
    it('rejects a TEI cut off before its body', () => {
      const xml = xmlOf('jner-2016-demarchis.tei.xml');
      expectOutputError(xml.slice(0, xml.indexOf('<body>')), /no (<text> element|paragraphs)/);
    });
  });
});
