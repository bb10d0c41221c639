import type { DraftFloat, DraftSection } from './tei-draft';

/**
 * Puts the figures, tables and footnotes GROBID collected at the end of `<body>` back into the text: right after
 * the first paragraph that cites them (`<ref target="#fig_0">`), unless coordinates show that paragraph is on
 * another page; else after the last body block printed on or before their page; else at the end of the body.
 */
export function placeFloats(sections: DraftSection[], floats: DraftFloat[]): void {
  const body = sections.filter((s) => !s.back);
  const target = body.length ? body : sections;
  for (const float of floats) {
    if (!insertAfterCitation(target, float) && !insertByPage(target, float)) {
      target[target.length - 1].blocks.push(float.block);
    }
  }
}

function insertAfterCitation(sections: DraftSection[], float: DraftFloat): boolean {
  if (!float.id) return false;
  for (const section of sections) {
    const index = section.blocks.findIndex((b) => b.targets?.includes(float.id as string));
    const citing = section.blocks[index];
    // Papers cite figures again pages later ("as Figure 3 showed"); the float's own coordinates win then.
    if (citing?.box && float.block.box && citing.box.page !== float.block.box.page) return false;
    if (index >= 0) {
      // Several floats cited by one paragraph keep their own order after it.
      let at = index + 1;
      while (at < section.blocks.length && section.blocks[at].targets === undefined && section.blocks[at].kind !== 'text') at++;
      section.blocks.splice(at, 0, float.block);
      return true;
    }
  }
  return false;
}

function insertByPage(sections: DraftSection[], float: DraftFloat): boolean {
  const page = float.block.box?.page;
  if (page === undefined) return false;
  let best: { section: DraftSection; index: number } | null = null;
  for (const section of sections) {
    section.blocks.forEach((block, index) => {
      if (block.box && block.box.page <= page) best = { section, index };
    });
  }
  if (!best) return false;
  const { section, index } = best as { section: DraftSection; index: number };
  section.blocks.splice(index + 1, 0, float.block);
  return true;
}
