import * as fs from 'node:fs';
import * as path from 'node:path';
import { getEncoding } from 'js-tiktoken';
import { CORPUS_DIR } from '../../../test/support/paths';
import { TiktokenCounter } from './tiktoken.counter';

describe(TiktokenCounter.name, () => {
  const counter = new TiktokenCounter();

  it('counts cl100k_base tokens exactly for ordinary text', () => {
    expect(counter.count('hello world')).toBe(2);
    expect(counter.count('The literature graph consists of more than 280M nodes.')).toBe(12);
  });

  it('counts real prose, formulas and tables exactly as cl100k_base does', () => {
    const encoding = getEncoding('cl100k_base');
    const paragraphs = fs
      .readFileSync(path.join(CORPUS_DIR, 'nougat', 'arxiv-2101.03961v3.mmd'), 'utf8')
      .split(/\n{2,}/)
      .filter((p) => p.length > 200);
    for (const paragraph of paragraphs.slice(0, 20)) expect(counter.count(paragraph)).toBe(encoding.encode(paragraph, [], []).length);
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
