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
