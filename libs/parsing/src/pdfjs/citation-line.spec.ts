import { findCiteNote, readCitationLine } from './citation-line';

describe(readCitationLine.name, () => {
  it.each([
    ['272 Postgrad Med J 2010;86:272e278. doi:10.1136/pgmj.2009.089987', 'Postgrad Med J', '2010'],
    ['Dhaka Univ. J. Pharm. Sci. 8(1): 7-10, 2009 (June)', 'Dhaka Univ. J. Pharm. Sci.', '2009'],
    ['Journal of Floodplain Ecology 12 (2021) 301–318 Okonkwo et al.', 'Journal of Floodplain Ecology', '2021'],
    ['Roe et al. Journal of Examples in Practice 2014, 14:1', 'Journal of Examples in Practice', '2014'],
    [
      'Cite this article as: Roe et al.: Journal of Trauma Management & Outcomes 2010 4:1.',
      'Journal of Trauma Management & Outcomes',
      '2010',
    ],
  ])('reads the journal and year of "%s"', (line, journal, year) => {
    expect(readCitationLine(line)).toEqual({ journal, year });
  });

  it.each([
    'In 2010, 45 patients were enrolled in the study; 12 of them later withdrew',
    'The results of 2019; see Table 2',
    'Received 24 August 2009',
  ])('reads nothing from a sentence or a date line: "%s"', (line) => {
    expect(readCitationLine(line)).toBeNull();
  });
});

describe(findCiteNote.name, () => {
  it('returns the note with the line before its label, where the DOI is printed', () => {
    const lines = [
      'conference. Surg Obes Relat Dis 2006, 2:200-12.',
      'doi:10.1186/1752-2897-4-1',
      'Cite this article as: Datta et al.: A title.',
      'Journal 2010 4:1.',
    ];
    expect(findCiteNote(lines)).toBe('doi:10.1186/1752-2897-4-1 Cite this article as: Datta et al.: A title. Journal 2010 4:1.');
  });

  it('returns an empty string for a paper without such a note', () => {
    expect(findCiteNote(['Introduction', 'We cite this work [3].'])).toBe('');
  });
});
