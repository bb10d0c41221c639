import { parseReferenceText } from './reference-fields';

describe(parseReferenceText.name, () => {
  it('reads a numbered reference with initials first', () => {
    expect(
      parseReferenceText('[12] A. Vaswani, N. Shazeer and N. Parmar. Attention is all you need. In Advances in NeurIPS, 2017.', 11),
    ).toEqual({
      position: 11,
      label: '12',
      raw: '[12] A. Vaswani, N. Shazeer and N. Parmar. Attention is all you need. In Advances in NeurIPS, 2017.',
      authors: ['A. Vaswani', 'N. Shazeer', 'N. Parmar'],
      title: 'Attention is all you need',
      year: 2017,
      venue: 'In Advances in NeurIPS, 2017',
      doi: null,
    });
  });

  it('reads an author-year reference and its DOI link', () => {
    const ref = parseReferenceText(
      'Adeyemi, T. and Bello, K. (2016). Onset of the rainy season. Journal of Agricultural Meteorology, 42(3), 211–225. https://doi.org/10.5555/jam.2016.0423',
      0,
    );
    expect(ref).toMatchObject({
      label: null,
      authors: ['Adeyemi, T.', 'Bello, K.'],
      title: 'Onset of the rainy season',
      year: 2016,
      doi: '10.5555/jam.2016.0423',
    });
    expect(ref.venue).toBe('Journal of Agricultural Meteorology, 42(3), 211–225');
  });
});

describe(`${parseReferenceText.name} on author–year styles with the year as its own sentence`, () => {
  it('reads ACM\'s "Authors. Year. Title. Venue" with authors joined by "and"', () => {
    const ref = parseReferenceText(
      '[7] Maria K. Lindqvist and Tomas Berg. 2011. Sparse lattices for quick lookups. Retrieved March 3, 2012 from http://example.org/lattices',
      6,
    );
    expect(ref).toMatchObject({
      label: '7',
      authors: ['Maria K. Lindqvist', 'Tomas Berg'],
      title: 'Sparse lattices for quick lookups',
      year: 2011,
    });
  });

  it('keeps a question-mark title whole and leaves the venue with its issue date', () => {
    const ref = parseReferenceText(
      '[3] Ann C. Hale and Leo Park. 2015. Rent or own the model: who pays? Commun. Soc. 12, 4 (Apr. 2015), 10–19.',
      2,
    );
    expect(ref.authors).toEqual(['Ann C. Hale', 'Leo Park']);
    expect(ref.title).toBe('Rent or own the model: who pays?');
    expect(ref.year).toBe(2015);
    expect(ref.venue).toBe('Commun. Soc. 12, 4 (Apr. 2015), 10–19');
  });

  it('reads "Surname, I., Year. Title." (year after a comma)', () => {
    const ref = parseReferenceText('Okafor, N., Diallo, S., 2009. Soil carbon under fallow. Geoderma 150, 1–9.', 0);
    expect(ref).toMatchObject({ authors: ['Okafor, N.', 'Diallo, S.'], title: 'Soil carbon under fallow', year: 2009 });
  });

  it("does not take a year in the venue for the end of a numbered entry's authors", () => {
    const ref = parseReferenceText('[4] J. Smith and K. Jones. Graph cuts revisited. J. Comput. Vis. 12 (2019) 1–10.', 3);
    expect(ref.authors).toEqual(['J. Smith', 'K. Jones']);
    expect(ref.title).toBe('Graph cuts revisited');
    expect(ref.year).toBe(2019);
  });
});

describe(`${parseReferenceText.name} on DOIs`, () => {
  it('joins a DOI the line break cut after a full stop', () => {
    const ref = parseReferenceText('[2] A. Lee. 2007. A title. Commun. ACM 50, 1. https://doi.org/10.1145/2188913. 2188915', 1);
    expect(ref.doi).toBe('10.1145/2188913.2188915');
    expect(ref.venue).toBe('Commun. ACM 50, 1');
  });

  it('leaves a DOI that ends an entry alone, without its closing full stop', () => {
    const ref = parseReferenceText('[2] A. Lee. A title. Venue, 2001. doi:10.1000/xyz123. Accessed 2020.', 1);
    expect(ref.doi).toBe('10.1000/xyz123');
  });
});

describe(`${parseReferenceText.name} on physics-style entries without a title`, () => {
  it('reads the names before the journal and leaves the title empty', () => {
    const ref = parseReferenceText('[5] K. L. Ito and P. Moreau, Phys. Lett. B 88, 445 (1995).', 4);
    expect(ref).toMatchObject({ authors: ['K. L. Ito', 'P. Moreau'], title: null, year: 1995, venue: 'Phys. Lett. B 88, 445 (1995)' });
  });

  it('reads a chapter "in" a book the same way', () => {
    const ref = parseReferenceText('[3] E. Kovacs, in Handbook of Blood, Vol. 2, edited by M. Lee (Wiley, New York, 1994) pp. 6–9.', 2);
    expect(ref.authors).toEqual(['E. Kovacs']);
    expect(ref.title).toBeNull();
    expect(ref.venue).toMatch(/^in Handbook of Blood/);
  });

  it('still reads a title after names that end in a full stop', () => {
    const ref = parseReferenceText('[1] A. Lee, B. Park, and C. Diaz. Sparse codes. In Proc. ICML, 2010.', 0);
    expect(ref.authors).toEqual(['A. Lee', 'B. Park', 'C. Diaz']);
    expect(ref.title).toBe('Sparse codes');
  });
});

describe(`${parseReferenceText.name} on entries numbered by a raised label`, () => {
  it('reads the number glued to the first initial as the label', () => {
    expect(parseReferenceText('34R. Ballagh and C. Savage, Phys. Rev. 94, 262 (1954).', 33)).toMatchObject({
      label: '34',
      authors: ['R. Ballagh', 'C. Savage'],
      year: 1954,
    });
  });
});

describe(`${parseReferenceText.name} on IEEE-style entries`, () => {
  it('reads the quoted title after the names', () => {
    const ref = parseReferenceText('[9] A. Lee, B. Park, and C. Diaz, “Sparse codes for speech,” in Proc. ICASSP, 2010, pp. 1–4.', 8);
    expect(ref).toMatchObject({ authors: ['A. Lee', 'B. Park', 'C. Diaz'], title: 'Sparse codes for speech', year: 2010 });
    expect(ref.venue).toBe('in Proc. ICASSP, 2010, pp. 1–4');
  });
});

describe(`${parseReferenceText.name} on collaboration entries`, () => {
  it('reads "et al. [X Collaboration]" as the authors and the journal as the venue', () => {
    const ref = parseReferenceText('[1] G. Adams et al. [ALPHA Collaboration], Phys. Lett. B 716, 1 (2012) [arXiv:1207.0001].', 0);
    expect(ref.authors).toEqual(['G. Adams']);
    expect(ref.title).toBeNull();
    expect(ref.year).toBe(2012);
    expect(ref.venue).toMatch(/^Phys\. Lett\. B 716/);
  });
});

describe(`${parseReferenceText.name} on quoted titles and other languages`, () => {
  it('takes a quoted title whole, question mark and all, and splits authors at "y"', () => {
    const ref = parseReferenceText('Ruiz, J. y Soto, G. (2004) “¿Luces? Y sombras del campo”. Lima: Andes, Documentos (8): 21', 0);
    expect(ref.authors).toEqual(['Ruiz, J.', 'Soto, G.']);
    expect(ref.title).toBe('¿Luces? Y sombras del campo');
    expect(ref.venue).toBe('Lima: Andes, Documentos (8): 21');
  });
});

describe(`${parseReferenceText.name} on Vancouver entries`, () => {
  it('ends the authors at the full stop after the last initial', () => {
    const ref = parseReferenceText('9. Lang P, Berg J, Kwak G. Stroke care. Lancet. 2011; 377(9778):1693–702.', 8);
    expect(ref).toMatchObject({ authors: ['Lang P', 'Berg J', 'Kwak G'], title: 'Stroke care', year: 2011 });
  });

  it('reads a single author and "et al."', () => {
    expect(parseReferenceText('13. Hara Y. New stimulation for the arm. J Med Sch. 2008;75(1):4–14.', 12)).toMatchObject({
      authors: ['Hara Y'],
      title: 'New stimulation for the arm',
    });
    expect(parseReferenceText('2. Ito K, Sato L, et al. A trial. BMJ. 2001;1:2.', 1).authors).toEqual(['Ito K', 'Sato L']);
  });

  it('reads a given name with a middle initial before the surname as one author, not Vancouver initials', () => {
    expect(parseReferenceText('[3] Donald E. Knuth. The Art of Computer Programming. Addison-Wesley, 1997.', 2)).toMatchObject({
      authors: ['Donald E. Knuth'],
      title: 'The Art of Computer Programming',
    });
    expect(parseReferenceText('[4] Mary K. Lee, Tom Ruiz. Graph cuts. In Proc. CVPR, 2001.', 3)).toMatchObject({
      authors: ['Mary K. Lee', 'Tom Ruiz'],
      title: 'Graph cuts',
    });
  });
});

describe(`${parseReferenceText.name} on a first author inverted before the rest`, () => {
  it("keeps the first author's initials with the surname", () => {
    const ref = parseReferenceText('43. Mora, V., L. Beltran, and O. Ulla. 2010. Archaea in the Pacific. Environ. Microbiol. 12:1–9.', 42);
    expect(ref.authors).toEqual(['Mora, V.', 'L. Beltran', 'O. Ulla']);
    expect(ref.title).toBe('Archaea in the Pacific');
  });
});
