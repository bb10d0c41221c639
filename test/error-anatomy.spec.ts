import { anatomyOf, anatomyTable, f1Without, partsOf, type MissesRow } from '../bench/structure/error-anatomy';
import { bareTitle, classifyFalse, classifyMissed, isCommandEntryTitle, policyKind } from '../bench/structure/error-classes';

describe(policyKind.name, () => {
  it('names contents, references, index and change-history titles, numbered or not, in a few languages', () => {
    expect(policyKind('Contents')).toBe('contents');
    expect(policyKind('Table des matières')).toBe('contents');
    expect(policyKind('List of Tables')).toBe('contents');
    expect(policyKind('目 录')).toBe('contents');
    expect(policyKind('7 References')).toBe('references');
    expect(policyKind('Literaturverzeichnis')).toBe('references');
    expect(policyKind('9 Index')).toBe('index');
    expect(policyKind('Index of commands')).toBe('index');
    expect(policyKind('Change History')).toBe('change history');
    expect(policyKind('Revision log')).toBe('change history');
  });

  it('names index letter groups and release labels with a version or a date', () => {
    expect(policyKind('B')).toBe('index letter group');
    expect(policyKind('Symbols')).toBe('index letter group');
    expect(policyKind('2.3e (2009/11/09)')).toBe('version-dated entry');
    expect(policyKind('[2006/08/15 v1.0]')).toBe('version-dated entry');
    expect(policyKind('(2021 September 1)')).toBe('version-dated entry');
    expect(policyKind('v1.0.2 (2022-10-07)')).toBe('version-dated entry');
  });

  it('leaves ordinary headings alone, those that mention a version or an index among them', () => {
    expect(policyKind('Introduction')).toBeNull();
    expect(policyKind('Release Notes for X11R7.7')).toBeNull();
    expect(policyKind('Indexing the corpus')).toBeNull();
    expect(policyKind('2.1 Related work on references in 2019 and what changed since the 2010-2015 surveys of them')).toBeNull();
    expect(policyKind('A Proofs')).toBeNull();
  });
});

describe(isCommandEntryTitle.name, () => {
  it('recognises control sequences, functions with arguments or arity, tags, options and identifiers', () => {
    for (const title of [
      '\\csdef',
      '\\protected@csxappto',
      'ei_connect()',
      '8.4 DocAssert(self, cond, format=None)',
      'compile/1',
      '<em> - Emphasis',
      '--output',
      'erl_call',
      'Prawn::Table',
    ])
      expect([title, isCommandEntryTitle(title)]).toEqual([title, true]);
  });

  it('rejects prose headings, with parentheses or a colon among them', () => {
    for (const title of ['Getis-Ord Gi pooling (G-pooling)', 'Styles: labels', 'Definition (Alphabet)', 'Erl_Interface', 'Background'])
      expect([title, isCommandEntryTitle(title)]).toEqual([title, false]);
  });
});

describe(classifyMissed.name, () => {
  it('tests policy names first, then the line-start flag, then the command shape', () => {
    expect(classifyMissed({ title: 'Index', startsLine: false })).toBe('policy');
    expect(classifyMissed({ title: '\\csdef', startsLine: false })).toBe('not line-start');
    expect(classifyMissed({ title: '\\csdef', startsLine: true })).toBe('command entry');
    expect(classifyMissed({ title: 'Results' })).toBe('rest');
  });

  it('puts a prediction in a policy, command or rest class, never in the line-start one', () => {
    expect(classifyFalse('References')).toBe('policy');
    expect(classifyFalse('TableStyle.add(commandSequence)')).toBe('command entry');
    expect(classifyFalse('Model')).toBe('rest');
  });
});

describe(bareTitle.name, () => {
  it('drops a section number, a chapter label and a trailing page number', () => {
    expect(bareTitle('Chapter 3 Index 212')).toBe('Index');
    expect(bareTitle('  2.1.  Data   sets ')).toBe('Data sets');
  });
});

const row = (over: Partial<MissesRow>): MissesRow => ({
  set: '2 bookmarks, outline hidden',
  doc: 'd',
  heldOut: false,
  missed: [],
  false: [],
  hits: [],
  ...over,
});

describe(anatomyOf.name, () => {
  const rows = [
    row({
      hits: [1, 2, 3, 4, 5, 6],
      missed: [
        { title: 'B', startsLine: true },
        { title: '\\csdef', startsLine: false },
        { title: 'Results', startsLine: true },
      ],
      false: [{ title: 'Contents' }, { title: 'Model' }, { title: 'Results and discussion' }, { title: '–' }],
    }),
  ];

  it('counts matched, predicted and gold entries and each class’s errors, as the eval leaves out titles without a word', () => {
    const a = anatomyOf('x', rows);
    expect([a.matched, a.predicted, a.gold]).toEqual([6, 9, 9]);
    expect(a.byClass.policy).toEqual({ missed: 1, false: 1 });
    expect(a.byClass['not line-start']).toEqual({ missed: 1, false: 0 });
    expect(a.byClass.rest).toEqual({ missed: 1, false: 2 });
    expect(a.byKind['index letter group']).toEqual({ missed: 1, false: 0 });
    expect(a.byKind.contents).toEqual({ missed: 0, false: 1 });
    expect(a.notLineStartCommands).toBe(1);
    expect(a.nearMisses).toBe(1);
  });

  it('gives the F1 with a class’s missed entries out of the gold and its predictions out of the output', () => {
    const a = anatomyOf('x', rows);
    expect(f1Without(a, [])).toBeCloseTo((2 * 6) / (9 + 9));
    expect(f1Without(a, ['policy'])).toBeCloseTo((2 * 6) / (8 + 8));
    expect(f1Without(a, ['policy', 'not line-start', 'rest'])).toBeCloseTo(1);
    expect(anatomyTable([a])).toContain('1 / 1 → 0.750');
  });
});

describe(partsOf.name, () => {
  it('splits a set with held-out rows into its two parts and sums the sets of "overall"', () => {
    const parts = partsOf([
      row({ doc: 'a' }),
      row({ doc: 'b', heldOut: true }),
      row({ set: '6 non-TeX bookmarks, outline hidden', doc: 'c' }),
      row({ set: '8 final check, outline hidden', doc: 'd', heldOut: true }),
    ]);
    expect(parts.map((p) => [p.part, p.rows.map((r) => r.doc).join()])).toEqual([
      ['2 bookmarks, outline hidden: dev', 'a'],
      ['2 bookmarks, outline hidden: held out', 'b'],
      ['6 non-TeX bookmarks, outline hidden', 'c'],
      ['8 final check, outline hidden (held out)', 'd'],
      ['overall (1 + 2 hidden + 3)', 'a,b'],
    ]);
  });
});
