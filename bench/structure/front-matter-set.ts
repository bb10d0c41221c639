import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { StructureGold } from './structure-gold';

export interface FrontMatterGoldDoc {
  name: string;
  pdf: string;
  gold: StructureGold;
}

interface HoldoutFile {
  docs: Array<{ pdf: string } & Pick<StructureGold, 'title' | 'authors' | 'doi' | 'year' | 'journal' | 'keywords' | 'abstract'>>;
}

/** Set 5: hand-transcribed front matter of corpus PDFs with no TEI/JATS gold (see the file's `about`). */
export function readFrontMatterHoldout(file: string, corpusDir: string): FrontMatterGoldDoc[] {
  const { docs } = JSON.parse(readFileSync(file, 'utf8')) as HoldoutFile;
  return docs.map(({ pdf, ...gold }) => ({ name: pdf, pdf: path.join(corpusDir, pdf), gold }));
}
