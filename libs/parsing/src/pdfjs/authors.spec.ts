import { extractAffiliations, extractAuthors } from './authors';
import { styledLine as flowLine, run } from '../testing/flow-line.fixture';

describe(extractAuthors.name, () => {
  it('drops names in much smaller print than the author line: wrapped affiliations in a sidebar', () => {
    const lines = [
      flowLine('Xiaolu Huang, Xinhua Qu, Weili Yan', { size: 13, y: 700 }),
      flowLine('Shanghai Health Development', { size: 8, y: 640 }),
      flowLine('Evidence-based Medicine', { size: 8, y: 620 }),
    ];
    expect(extractAuthors(lines)).toEqual(['Xiaolu Huang', 'Xinhua Qu', 'Weili Yan']);
  });

  it('keeps the names of a line that also prints the authors’ e-mail addresses', () => {
    expect(extractAuthors([flowLine('William Fedus liamfedus@google.com, Barret Zoph {bz,noam}@google.com')])).toEqual([
      'William Fedus',
      'Barret Zoph',
    ]);
  });

  it('drops academic degrees after the names', () => {
    expect(extractAuthors([flowLine('Jane Roe, PhD, MPH, John Smith, MD and Ann Lee, MSc')])).toEqual([
      'Jane Roe',
      'John Smith',
      'Ann Lee',
    ]);
  });

  it('splits names at raised markers and stars and at "and"', () => {
    const line = flowLine('Ann Roe1* Bo Lee2 and Cy Poe', {
      runs: [
        run('Ann Roe'),
        run('1*', { size: 6, y: 704 }),
        run('Bo Lee', { x: 120 }),
        run('2', { size: 6, y: 704 }),
        run(' and Cy Poe', { x: 160 }),
      ],
    });
    expect(extractAuthors([line])).toEqual(['Ann Roe', 'Bo Lee', 'Cy Poe']);
  });
});

describe(extractAffiliations.name, () => {
  it('joins a centred wrapped affiliation and starts a new one at each marker', () => {
    const lines = [
      flowLine('1 Department of Pharmacy, The University of Asia Pacific, Dhaka, Bangladesh', { y: 560, x0: 140, x1: 480 }),
      flowLine('2 Department of Pharmaceutical Chemistry, University of Dhaka,', { y: 548, x0: 136, x1: 480 }),
      flowLine('Dhaka-1000, Bangladesh', { y: 537, x0: 255, x1: 350 }),
      flowLine('3 Centre for Biomedical Research, University of Dhaka', { y: 525, x0: 146, x1: 470 }),
    ];
    expect(extractAffiliations(lines)).toEqual([
      'Department of Pharmacy, The University of Asia Pacific, Dhaka, Bangladesh',
      'Department of Pharmaceutical Chemistry, University of Dhaka, Dhaka-1000, Bangladesh',
      'Centre for Biomedical Research, University of Dhaka',
    ]);
  });

  it('reads a sidebar whose markers sit on lines of their own, interleaved with the abstract', () => {
    const side = (text: string, y: number) => flowLine(text, { size: 8, y, x0: 70, x1: 160 });
    const abstract = (text: string, y: number) => flowLine(text, { size: 9.5, y, x0: 175, x1: 470 });
    const lines = [
      flowLine('1', { size: 5, y: 650, x0: 70, x1: 73 }),
      side('Shanghai No.9 People’s', 646),
      abstract('Background Recent guidelines on anaemia', 640),
      side('Hospital, Shanghai', 637),
      abstract('have confirmed the role of the bacterium', 629),
      side('Correspondence to', 600),
      side('Dr P Xiong, Department of', 591),
    ];
    expect(extractAffiliations(lines)).toEqual(['Shanghai No.9 People’s Hospital, Shanghai']);
  });

  it('leaves out e-mail and correspondence notes', () => {
    expect(
      extractAffiliations([flowLine('Email: ann@uni.edu, Department of Physics'), flowLine('*Correspondence: School of Law')]),
    ).toEqual([]);
  });
});
