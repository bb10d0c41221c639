import { firstBox, firstBoxIn, parseCoords } from './tei-coords';
import type { DraftBlock, DraftFloat, DraftSection } from './tei-draft';
import { figureBlock } from './tei-figures';
import { attr, children, findChild, tagOf, textOf, type TeiNode } from './tei-nodes';

/** Elements that interrupt a paragraph: the 2015 GROBID nests `<formula>` (and figures) inside `<p>`. */
const BLOCK_LEVEL = new Set(['formula', 'figure', 'table', 'list']);

export interface TeiBodyContent {
  sections: DraftSection[];
  floats: DraftFloat[];
  /** `<listBibl>`s and the head of the references div, if it has one. */
  bibliographies: TeiNode[];
  referencesTitle: string | null;
}

/**
 * Walks `<body>` then `<back>` in document order: every headed `<div>` starts a section (nested headed divs are
 * subsections), headless wrapper divs (GROBID's `acknowledgement`/`annex`) just pass their content through, and
 * text before the first head becomes an untitled section. Figures and footnotes GROBID moved to the end of the
 * body are returned as floats for the caller to put back.
 */
export function readTeiBody(text: TeiNode): TeiBodyContent {
  const out: TeiBodyContent = { sections: [], floats: [], bibliographies: [], referencesTitle: null };
  let current: DraftSection = { head: null, depth: 1, back: false, blocks: [] };
  out.sections.push(current);

  const walk = (nodes: TeiNode[], depth: number, back: boolean, atBodyLevel: boolean) => {
    const lastDiv = atBodyLevel ? nodes.map(tagOf).lastIndexOf('div') : -1;
    nodes.forEach((node, index) => {
      const tag = tagOf(node);
      if (tag === '#text') {
        const loose = textOf(node);
        if (loose) current.blocks.push({ text: loose, kind: 'text' });
        return;
      }
      if (tag === 'div') {
        const content = children(node);
        if (attr(node, 'type') === 'references' || content.some((n) => tagOf(n) === 'listBibl')) {
          out.bibliographies.push(...content.filter((n) => tagOf(n) === 'listBibl'));
          const head = findChild(content, 'head');
          if (head) out.referencesTitle = textOf(head) || null;
          return;
        }
        const head = findChild(content, 'head');
        if (!head) return walk(content, depth, back, false);
        current = { head: { n: attr(head, 'n')?.trim() || null, title: textOf(head) }, depth, back, blocks: [] };
        out.sections.push(current);
        walk(
          content.filter((n) => n !== head),
          depth + 1,
          back,
          false,
        );
        return;
      }
      // Modern GROBID lists figures and footnotes after the last body div, far from their page.
      if (atBodyLevel && index > lastDiv && lastDiv >= 0 && (tag === 'figure' || tag === 'note')) {
        const block = tag === 'figure' ? figureBlock(node) : noteBlock(node);
        if (block) out.floats.push({ id: attr(node, 'id'), block });
        return;
      }
      current.blocks.push(...contentBlocks(node));
    });
  };

  for (const part of children(text)) {
    const tag = tagOf(part);
    if (tag === 'body') walk(children(part), 1, false, true);
    else if (tag === 'back') walk(children(part), 1, true, false);
  }
  return out;
}

function noteBlock(note: TeiNode): DraftBlock | null {
  const text = textOf(note);
  if (!text) return null;
  const n = attr(note, 'n');
  const box = firstBox(note);
  const full = n && !text.startsWith(n) ? `${n} ${text}` : text;
  return box ? { text: full, kind: 'text', box } : { text: full, kind: 'text' };
}

/** Blocks for one child of a div (or of the body, in the 2015 format). */
function contentBlocks(node: TeiNode): DraftBlock[] {
  switch (tagOf(node)) {
    case 'p':
      return paragraphBlocks(node);
    case 'formula':
      return formulaBlock(node);
    case 'figure': {
      const block = figureBlock(node);
      return block ? [block] : [];
    }
    case 'list':
      return children(node)
        .filter((n) => tagOf(n) === 'item')
        .flatMap((item) => paragraphBlocks(item));
    case 'note': {
      const block = noteBlock(node);
      return block ? [block] : [];
    }
    default:
      return paragraphBlocks(node);
  }
}

function formulaBlock(formula: TeiNode): DraftBlock[] {
  const text = textOf(formula);
  if (!text) return [];
  const box = firstBox(formula);
  return [box ? { text, kind: 'equation', box } : { text, kind: 'equation' }];
}

/** A paragraph, split where a formula or figure interrupts it; keeps inline citations (`[12]`) in the text. */
function paragraphBlocks(p: TeiNode): DraftBlock[] {
  const blocks: DraftBlock[] = [];
  let run: TeiNode[] = [];
  const flush = () => {
    const text = textOf(run);
    if (text) {
      const box = (blocks.length === 0 ? parseCoords(attr(p, 'coords')) : undefined) ?? firstBoxIn(run);
      const targets = refTargets(run);
      const block: DraftBlock = { text, kind: 'text' };
      if (box) block.box = box;
      if (targets.length) block.targets = targets;
      blocks.push(block);
    }
    run = [];
  };
  for (const child of children(p)) {
    if (BLOCK_LEVEL.has(tagOf(child))) {
      flush();
      blocks.push(...contentBlocks(child));
    } else run.push(child);
  }
  flush();
  return blocks;
}

function refTargets(nodes: TeiNode[]): string[] {
  const targets: string[] = [];
  const walk = (n: TeiNode) => {
    if (tagOf(n) === 'ref') {
      for (const t of (attr(n, 'target') ?? '').split(/\s+/)) if (t.startsWith('#')) targets.push(t.slice(1));
    }
    children(n).forEach(walk);
  };
  nodes.forEach(walk);
  return targets;
}
