import { extractMetadata, normalizeDate } from './metadata';

describe(extractMetadata.name, () => {
  it('reads DOI, date and journal from a journal header line', () => {
    const meta = extractMetadata(
      ['APPLIED AND ENVIRONMENTAL MICROBIOLOGY, Nov. 2011, p. 7469–7478 Vol. 77, No. 21', '0099-2240/11/$12.00 doi:10.1128/AEM.00294-11'],
      [],
    );
    expect(meta).toEqual({ doi: '10.1128/AEM.00294-11', datePublished: '2011-11', journal: 'Applied and Environmental Microbiology' });
  });

  it('prefers an explicit publication date', () => {
    const meta = extractMetadata(['Journal of Machine Learning Research 23 (2022) 1-40 Submitted 8/21; Revised 3/22; Published 4/22'], []);
    expect(meta.datePublished).toBe('2022-04');
    expect(meta.journal).toBe('Journal of Machine Learning Research');
  });

  it('dates a preprint by its arXiv side stamp', () => {
    expect(extractMetadata([], ['arXiv:2101.03961v3 [cs.LG] 16 Jun 2022']).datePublished).toBe('2022-06-16');
  });

  it('strips punctuation that follows a DOI in running text', () => {
    expect(extractMetadata(['(DOI 10.1186/s12984-016-0129-6).'], []).doi).toBe('10.1186/s12984-016-0129-6');
  });

  it('dates a journal article by its own citation line rather than by its arXiv stamp', () => {
    const meta = extractMetadata(
      ['272 Postgrad Med J 2010;86:272e278. doi:10.1136/pgmj.2009.089987'],
      ['arXiv:0912.0001v1 [q-bio] 1 Dec 2009'],
    );
    expect(meta).toEqual({ doi: '10.1136/pgmj.2009.089987', datePublished: '2010', journal: 'Postgrad Med J' });
  });

  it('reads the journal and year from a citation line elsewhere on the first page', () => {
    const meta = extractMetadata(['A Study of Things'], [], {
      firstPage: ['Body text.', 'Dhaka Univ. J. Pharm. Sci. 8(1): 7-10, 2009 (June)'],
    });
    expect(meta).toEqual({ doi: null, datePublished: '2009', journal: 'Dhaka Univ. J. Pharm. Sci.' });
  });

  it('takes a DOI from the first page only on the citation line, never from body text', () => {
    const meta = extractMetadata(['A Study of Things'], [], {
      firstPage: ['as shown before (doi:10.1000/other.1).', 'Afr J Aquat Sci 2020;45(3):211–219. doi:10.2989/ajas.2020.0211'],
    });
    expect(meta.doi).toBe('10.2989/ajas.2020.0211');
    expect(extractMetadata([], [], { firstPage: ['as shown before (doi:10.1000/other.1).'] }).doi).toBeNull();
  });

  it('takes the DOI and journal from the "Cite this article" note when the first page prints neither', () => {
    const note = 'doi:10.1186/1752-2897-4-1 Cite this article as: Datta et al.: Complications in trauma. Trauma Outcomes Reports 2010 4:1.';
    expect(extractMetadata(['A Study of Things'], [], { citeNote: note })).toEqual({
      doi: '10.1186/1752-2897-4-1',
      datePublished: '2010',
      journal: 'Trauma Outcomes Reports',
    });
  });

  it('names a proceedings volume with its ordinal', () => {
    const line = 'Proceedings of the 58th Annual Meeting of the Association for Computational Linguistics, pages 2270–2282';
    expect(extractMetadata([line], []).journal).toBe(
      'Proceedings of the 58th Annual Meeting of the Association for Computational Linguistics',
    );
  });

  it('dates a cover page by a year printed alone on its line, after every other clue', () => {
    expect(extractMetadata(['A Title', 'Jorge Roe', '2006', 'Paper No. 8468, posted 26. April 2008'], []).datePublished).toBe('2006');
    expect(extractMetadata(['A Title', 'March 2019'], []).datePublished).toBe('2019-03');
    expect(extractMetadata(['A Title', '2006', '© 2008 The Authors'], []).datePublished).toBe('2008');
  });

  it('returns nulls when the first page says nothing', () => {
    expect(extractMetadata(['An Untitled Note'], [])).toEqual({ doi: null, datePublished: null, journal: null });
  });
});

describe(normalizeDate.name, () => {
  it.each([
    ['16 Jun 2022', '2022-06-16'],
    ['Nov. 2011', '2011-11'],
    ['4/22', '2022-04'],
    ['July 5 - 10, 2020', '2020-07'],
    ['2016', '2016'],
  ])('normalizes %s to %s', (raw, iso) => {
    expect(normalizeDate(raw)).toBe(iso);
  });
});
