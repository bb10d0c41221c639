import * as fs from 'fs';
import * as path from 'path';
import type { ParsedArticle } from '../article';
import { PdfjsParser } from './pdfjs.parser';

/**
 * Front-matter layouts printed by Chromium (`node test/fixtures/journal/build.js front-smallcaps front-sidebar`):
 * a "RESEARCH ARTICLE" banner and DOI line over a small-caps, letter-spaced title, authors over two lines with
 * letter markers, a degree and a star; and a sidebar of affiliations and dates read beside title and abstract.
 */
const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures/journal');
const parse = (name: string) => new PdfjsParser().parse(fs.readFileSync(path.join(FIXTURES, name)));

describe('front matter on journal layouts', () => {
  let smallCaps: ParsedArticle;
  let sidebar: ParsedArticle;
  beforeAll(async () => {
    [smallCaps, sidebar] = await Promise.all([parse('front-smallcaps.pdf'), parse('front-sidebar.pdf')]);
  });

  it('reads a small-caps title under a banner and a DOI line', () => {
    expect(smallCaps.title).toBe('Flood Pulse Timing and Fish Recruitment in Tropical Floodplain Lakes');
  });

  it('lists authors over two lines without markers, stars, degrees or "and"', () => {
    expect(smallCaps.authors).toEqual(['Amara Okonkwo', 'Rafael Quintero', 'Lena Vogt', 'Tomás Herrera-Díaz']);
  });

  it('reads affiliations without markers, a wrapped country joined, and no correspondence note', () => {
    expect(smallCaps.affiliations).toEqual([
      'Department of Aquatic Ecology, University of Lagos, Lagos, Nigeria',
      'Instituto de Limnología, Universidad Nacional de Colombia, Bogotá, Colombia',
      'School of Biological Sciences, University of Bristol, Bristol, UK',
    ]);
  });

  it('reads DOI, journal, year and keywords from the header lines', () => {
    expect(smallCaps).toMatchObject({ doi: '10.5555/jfe.2021.0417', journal: 'Journal of Floodplain Ecology', datePublished: '2021' });
    expect(smallCaps.keywords).toEqual(['flood pulse', 'recruitment', 'floodplain lakes', 'tropical fisheries']);
  });

  it('joins a title wrapped over lines with an italic name while a sidebar is read between them', () => {
    expect(sidebar.title).toBe('Gauge Records as a Proxy for Floodplain Connectivity: Oreochromis niloticus in the Volta Basin');
    expect(sidebar.authors).toEqual(['Kwame Mensah', 'Efua Boateng', 'Yaw Owusu-Ansah']);
  });

  it('keeps the sidebar out of the abstract and takes no heading from its dates', () => {
    expect(sidebar.abstract).toMatch(/^Seasonal hydrology shapes .* recorded at the gauge\.$/);
    expect(sidebar.abstract).not.toMatch(/Received|Accepted|Ghana/);
    expect(sidebar.sections.map((s) => s.title)).toEqual(['Abstract', 'Introduction']);
  });

  it('reads journal, year and DOI from the citation line at the foot of the first page', () => {
    expect(sidebar).toMatchObject({ journal: 'Afr J Aquat Sci', datePublished: '2020', doi: '10.2989/ajas.2020.0211' });
  });
});
