import { backoffDelay } from './llm-attempt';
import { extractJson } from './json-output';
import { LlmOutputError } from './llm.types';

describe(backoffDelay.name, () => {
  it('doubles the wait with each retry', () => {
    expect([0, 1, 2, 3].map((retry) => backoffDelay(retry, 500))).toEqual([500, 1000, 2000, 4000]);
  });

  it('waits as long as Retry-After asks, but never more than 30 s', () => {
    expect(backoffDelay(0, 500, 7000)).toBe(7000);
    expect(backoffDelay(10, 500)).toBe(30_000);
    expect(backoffDelay(0, 500, 3_600_000)).toBe(30_000);
  });
});

describe(extractJson.name, () => {
  it('reads a bare array, and an object after a stray bracket in the prose', () => {
    expect(extractJson(' [1, 2] ')).toEqual([1, 2]);
    expect(extractJson('Sources [see below]: {"ids": [3, 4]}')).toEqual({ ids: [3, 4] });
  });

  it('refuses a truncated object', () => {
    expect(() => extractJson('{"answer": "cut off by max_tok')).toThrow(LlmOutputError);
  });
});
