import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { PdfjsParser, readPageTexts } from '@lectern/parsing';
import { corpusPageTexts, parsedCorpusPdf, PARSED_CORPUS_CACHE, parserVersion } from './parsed-corpus';
import { corpusPdf } from './paths';

/** Two pages: the cheapest real paper of the corpus to parse again here. */
const PAPER = 'dpr-2004.04906-2p.pdf';
const bytes = () => new Uint8Array(readFileSync(corpusPdf(PAPER)));

describe(parsedCorpusPdf.name, () => {
  it('gives what the embedded parser gives for the same PDF, nothing lost on the way through JSON', async () => {
    const fresh = await new PdfjsParser().parse(bytes());
    expect(await parsedCorpusPdf(PAPER)).toStrictEqual(fresh);
    expect(fresh.sections.length).toBeGreaterThan(1);
  });

  it('keeps the entry under the parser version, by the PDF’s sha256', async () => {
    await parsedCorpusPdf(PAPER);
    const sha = createHash('sha256').update(bytes()).digest('hex');
    expect(parserVersion()).toMatch(/^[0-9a-f]{16}$/);
    expect(existsSync(path.join(PARSED_CORPUS_CACHE, parserVersion(), `article-${sha}.json`))).toBe(true);
  });

  it('gives each caller a copy of its own', async () => {
    const first = await parsedCorpusPdf(PAPER);
    first.sections.length = 0;
    expect((await parsedCorpusPdf(PAPER)).sections.length).toBeGreaterThan(1);
  });
});

describe(corpusPageTexts.name, () => {
  it('gives what readPageTexts gives for the same PDF', async () => {
    const fresh = await readPageTexts(bytes());
    expect(fresh).toHaveLength(2);
    expect(await corpusPageTexts(PAPER)).toStrictEqual(fresh);
  });
});
