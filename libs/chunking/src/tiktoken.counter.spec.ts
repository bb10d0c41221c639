import { getEncoding } from 'js-tiktoken';
import { TiktokenCounter } from './tiktoken.counter';

describe(TiktokenCounter.name, () => {
  const counter = new TiktokenCounter();

  it('counts cl100k_base tokens exactly for ordinary text', () => {
    expect(counter.count('hello world')).toBe(2);
    expect(counter.count('The literature graph consists of more than 280M nodes.')).toBe(12);
  });

  it('counts the empty string as zero tokens', () => {
    expect(counter.count('')).toBe(0);
  });

  it('treats special-token markup in a paper as plain text instead of throwing', () => {
    expect(counter.count('the <|endoftext|> marker')).toBeGreaterThan(4);
  });

  it('counts a long run without spaces in slices, close to the exact count', () => {
    const run = 'ACGTTGCAAGCT'.repeat(50); // 600 characters, like a DNA sequence in a methods section
    const exact = getEncoding('cl100k_base').encode(run).length;
    const sliced = counter.count(`primer ${run} used`);
    expect(Math.abs(sliced - (exact + 2))).toBeLessThanOrEqual(Math.ceil(exact * 0.05));
  });

  it('shares one encoder across instances, so counts agree', () => {
    expect(new TiktokenCounter().count('Semantic Scholar')).toBe(counter.count('Semantic Scholar'));
  });
});
