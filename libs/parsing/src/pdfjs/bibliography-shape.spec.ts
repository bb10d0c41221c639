import { columnLine } from '../testing/flow-line.fixture';
import type { FlowLine } from './layout.types';
import { bibliographyEntries, bibliographyShare, isReferenceShaped } from './bibliography-shape';

const line = (text: string, y: number, x0 = 50): FlowLine => columnLine(text, { page: 3, y, x0 });

describe(isReferenceShaped.name, () => {
  it.each([
    '[3] K. Ito and P. Moreau, Phys. Lett. B 12, 301 (1998).',
    'D. Okoro, L. Sato, and Y. Haddad. Learning to rank drafts. arXiv preprint arXiv:1501.0001, 2015.',
    'Blevins, Joan. 2004. Sound patterns. Leiden: Brill.',
    'Ann C. Hale and Leo Park. 2015. Rent or own the model. Commun. Soc. 12, 4, 10–19.',
    '12. Smith JA, Jones K. A study of things. Nature. 2001;1:2.',
  ])('takes "%s" for a bibliography entry', (text) => {
    expect(isReferenceShaped(text)).toBe(true);
  });

  it.each([
    'A reference in the bibliography is specified by a command with the same argument as the citation command.',
    '4. Example references',
    'This sample file uses the bibliography command, which formats the list and names the databases used in 2010.',
  ])('does not take the prose "%s" for one', (text) => {
    expect(isReferenceShaped(text)).toBe(false);
  });
});

describe(bibliographyShare.name, () => {
  it('is high for a hanging-indent list of author-year entries', () => {
    const lines = [
      line('Adeyemi, Tunde. 2016. Onset of the rainy season. Journal of', 700),
      line('Agricultural Meteorology 42. 211–225.', 689, 64),
      line('Bello, Kemi. 2001. Rain and harvest. Ibadan: Press.', 678),
      line('Cole, Dana & Eli Ford. 1999. Dry spells. Climate 3. 1–9.', 667),
    ];
    expect(bibliographyShare(lines)).toBe(1);
  });

  it('is low for paragraphs of prose about references', () => {
    const lines = [
      line('A reference in the bibliography is specified by a command with', 700, 60),
      line('the same argument as the cite command, crafted by hand.', 689),
      line('The list is then formatted by the style file and placed at the', 660, 60),
      line('end of the article, where readers expect it.', 649),
    ];
    expect(bibliographyShare(lines)).toBe(0);
  });

  it('is null for an empty section', () => {
    expect(bibliographyShare([])).toBeNull();
  });
});

describe(`${bibliographyShare.name} over the opening entries`, () => {
  it('judges only the first entries when asked, so biographies after the list do not count', () => {
    const lines = [
      line('Adeyemi, Tunde. 2016. Onset of the rainy season. Journal of', 700),
      line('Agricultural Meteorology 42. 211–225.', 689, 64),
      line('Bello, Kemi. 2001. Rain and harvest. Ibadan: Press.', 678),
      line('Cole, Dana & Eli Ford. 1999. Dry spells. Climate 3. 1–9.', 667),
      line('about the author: she writes on weather and on', 656),
      line('farming, and teaches at the local school.', 645, 64),
      line('she is also a keen gardener in her free time,', 634),
      line('and keeps bees behind the school.', 623, 64),
    ];
    expect(bibliographyShare(lines, 3)).toBe(1);
    expect(bibliographyShare(lines)).toBe(0.6);
  });
});

describe(bibliographyEntries.name, () => {
  const refs = [
    { text: 'Adeyemi, Tunde. 2016. Onset of the rainy season.' },
    { text: 'Bello, Kemi. 2001. Rain and harvest.' },
    { text: 'Cole, Dana & Eli Ford. 1999. Dry spells.' },
  ];

  it('leaves out the biographies printed after the list', () => {
    const bios = [{ text: 'is a writer on weather and farming at the school.' }, { text: 'teaches at the local school and keeps bees.' }];
    expect(bibliographyEntries([...refs, ...bios])).toEqual(refs);
  });

  it('keeps a last entry that lacks a year', () => {
    const last = { text: 'World Weather Office. Guidance on rain gauges.' };
    expect(bibliographyEntries([...refs, last])).toEqual([...refs, last]);
  });
});
