import { SHARED_TERM_SLOTS, TermCountShare, termCountBuffer } from './keyword-count-share';

/** Both threads' sides on one thread, one after the other: what the second takes from the first, and when it counts itself. */
describe(TermCountShare.name, () => {
  const totals = Uint8Array.from([0x83, 0x01, 0x22, 0x7f]);
  const rows: Record<string, number> = { data: 300, model: 200, boson: 3, higgs: 5 };

  function counter() {
    const asked: string[] = [];
    const countOwn = (terms: readonly string[]) => {
      asked.push(...terms);
      return new Map(terms.map((term) => [term, rows[term]]));
    };
    return { asked, countOwn };
  }

  it("counts every term on the first thread and none again on the second, which takes the first one's counts", () => {
    const buffer = termCountBuffer();
    const first = counter();
    const second = counter();
    const terms = ['data', 'model', 'boson', 'higgs'];
    const expected = new Map(terms.map((term) => [term, rows[term]]));
    expect(new TermCountShare(buffer).count(1, terms, totals, first.countOwn)).toEqual(expected);
    expect(new TermCountShare(buffer).count(1, terms, totals, second.countOwn)).toEqual(expected);
    expect(first.asked).toEqual(terms);
    expect(second.asked).toEqual([]);
  });

  it('counts the terms itself when the other thread read other FTS5 totals (a commit in between)', () => {
    const buffer = termCountBuffer();
    const second = counter();
    new TermCountShare(buffer).count(
      1,
      ['data', 'boson'],
      totals,
      () =>
        new Map([
          ['data', 1],
          ['boson', 1],
        ]),
    );
    const counted = new TermCountShare(buffer).count(1, ['data', 'boson'], Uint8Array.from([0x83, 0x02, 0x22, 0x7f]), second.countOwn);
    expect(counted).toEqual(
      new Map([
        ['data', 300],
        ['boson', 3],
      ]),
    );
    expect(second.asked).toEqual(['data', 'boson']);
  });

  it('takes no count of an earlier round, and counts itself when the other thread is already at a later one', () => {
    const buffer = termCountBuffer();
    new TermCountShare(buffer).count(
      1,
      ['data', 'model'],
      totals,
      () =>
        new Map([
          ['data', 1],
          ['model', 1],
        ]),
    );
    const next = counter();
    expect(new TermCountShare(buffer).count(2, ['data', 'model'], totals, next.countOwn)).toEqual(
      new Map([
        ['data', 300],
        ['model', 200],
      ]),
    );
    expect(next.asked).toEqual(['data', 'model']);
    const late = counter();
    expect(new TermCountShare(buffer).count(1, ['data', 'model'], totals, late.countOwn)).toEqual(
      new Map([
        ['data', 300],
        ['model', 200],
      ]),
    );
    expect(late.asked).toEqual(['data', 'model']);
  });

  it('counts a term itself when the thread that claimed it failed to count it', () => {
    const buffer = termCountBuffer();
    const failing = () => {
      throw new Error('disk I/O error');
    };
    expect(() => new TermCountShare(buffer).count(1, ['data'], totals, failing)).toThrow('disk I/O error');
    const second = counter();
    expect(new TermCountShare(buffer).count(1, ['data'], totals, second.countOwn)).toEqual(new Map([['data', 300]]));
    expect(second.asked).toEqual(['data']);
  });

  it('stops waiting for a claimed count after its wait and counts the term itself', () => {
    const buffer = termCountBuffer();
    // A thread that claimed the slot of round 1 and never published (the claim the first side makes).
    new Int32Array(buffer, 8 * SHARED_TERM_SLOTS, SHARED_TERM_SLOTS)[0] = 2;
    const second = counter();
    expect(new TermCountShare(buffer, 20).count(1, ['data', 'model'], totals, second.countOwn)).toEqual(
      new Map([
        ['data', 300],
        ['model', 200],
      ]),
    );
    expect(second.asked).toEqual(['model', 'data']);
  });

  it('leaves a slot the other thread still counts for an earlier round alone and counts that term itself', () => {
    const buffer = termCountBuffer();
    const states = new Int32Array(buffer, 8 * SHARED_TERM_SLOTS, SHARED_TERM_SLOTS);
    // The other thread claimed slot 0 in round 1 (a search that overlaps this one) and has not published yet.
    states[0] = 2;
    const next = counter();
    expect(new TermCountShare(buffer, 20).count(2, ['data', 'model'], totals, next.countOwn)).toEqual(
      new Map([
        ['data', 300],
        ['model', 200],
      ]),
    );
    expect(states[0]).toBe(2);
    expect(next.asked).toEqual(['model', 'data']);
  });

  it(`shares the first ${SHARED_TERM_SLOTS} terms and counts any further ones on each thread`, () => {
    const buffer = termCountBuffer();
    const many = Array.from({ length: SHARED_TERM_SLOTS + 2 }, (_, i) => `w${i}`);
    const countAll = (asked: string[]) => (terms: readonly string[]) => {
      asked.push(...terms);
      return new Map(terms.map((term) => [term, Number(term.slice(1))]));
    };
    const first: string[] = [];
    const second: string[] = [];
    new TermCountShare(buffer).count(1, many, totals, countAll(first));
    const counted = new TermCountShare(buffer).count(1, many, totals, countAll(second));
    expect(counted.get(`w${SHARED_TERM_SLOTS + 1}`)).toBe(SHARED_TERM_SLOTS + 1);
    expect(counted.size).toBe(many.length);
    expect(second).toEqual(many.slice(SHARED_TERM_SLOTS));
  });
});
