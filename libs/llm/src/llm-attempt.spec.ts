import { extractJson } from './json-output';
import { LlmOutputError } from './llm.types';

describe(extractJson.name, () => {
  it('reads a bare array, and an object after a stray bracket in the prose', () => {
    expect(extractJson(' [1, 2] ')).toEqual([1, 2]);
    expect(extractJson('Sources [see below]: {"ids": [3, 4]}')).toEqual({ ids: [3, 4] });
  });

  it('refuses a truncated object', () => {
    expect(() => extractJson('{"answer": "cut off by max_tok')).toThrow(LlmOutputError);
  });
});
