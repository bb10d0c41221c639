import type { OutlineEntry } from './corpus.types';

/** An outline entry with the sections nested under it, in reading order. */
export interface OutlineNode extends OutlineEntry {
  children: OutlineNode[];
}

/**
 * Nests a reading-order outline by `parentId`. An entry whose parent is not in the list (never the case for one
 * article's outline) becomes a root rather than being lost.
 */
export function outlineTree(entries: OutlineEntry[]): OutlineNode[] {
  const nodes = new Map(entries.map((e) => [e.id, { ...e, children: [] as OutlineNode[] }]));
  const roots: OutlineNode[] = [];
  for (const entry of entries) {
    const node = nodes.get(entry.id) as OutlineNode;
    const parent = entry.parentId === null ? undefined : nodes.get(entry.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Each entry's depth in the tree (0 for a root), by id: what an indented listing needs. */
export function outlineDepths(entries: OutlineEntry[]): Map<string, number> {
  const depths = new Map<string, number>();
  for (const entry of entries) {
    const parentDepth = entry.parentId === null ? undefined : depths.get(entry.parentId);
    depths.set(entry.id, parentDepth === undefined ? 0 : parentDepth + 1);
  }
  return depths;
}
