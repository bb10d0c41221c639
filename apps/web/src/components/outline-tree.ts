import { useCallback, useMemo, useState } from 'react';
import type { OutlineSection } from '../api/types';

/** Above this many sections an outline opens with only its top-level sections shown (a book's 600 entries). */
const COLLAPSE_FROM = 40;

export interface OutlineRow {
  section: OutlineSection;
  /** 0 for a top-level section. */
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
}

/**
 * The flat, reading-order outline shown as a collapsible tree: which rows are visible given the collapsed
 * sections (a row is hidden when any ancestor is collapsed), their depth, and a toggle.
 */
export function useOutlineTree(sections: OutlineSection[]) {
  const parents = useMemo(() => new Set(sections.map((s) => s.parentId).filter((id): id is string => id !== null)), [sections]);
  const [collapsed, setCollapsed] = useState<Set<string>>(() =>
    sections.length > COLLAPSE_FROM
      ? new Set(sections.filter((s) => s.parentId === null && parents.has(s.id)).map((s) => s.id))
      : new Set(),
  );
  const rows = useMemo(() => {
    const depth = new Map<string, number>();
    const hidden = new Set<string>();
    const out: OutlineRow[] = [];
    for (const section of sections) {
      const parent = section.parentId;
      depth.set(section.id, parent !== null && depth.has(parent) ? (depth.get(parent) as number) + 1 : 0);
      if (parent !== null && (hidden.has(parent) || collapsed.has(parent))) {
        hidden.add(section.id);
        continue;
      }
      out.push({ section, depth: depth.get(section.id) ?? 0, hasChildren: parents.has(section.id), expanded: !collapsed.has(section.id) });
    }
    return out;
  }, [sections, parents, collapsed]);
  const toggle = useCallback(
    (id: string) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  /** Opens every ancestor of a section so it can be seen (the source view's current section). */
  const reveal = useCallback(
    (id: string | null) => {
      if (!id) return;
      const byId = new Map(sections.map((s) => [s.id, s]));
      const ancestors: string[] = [];
      for (let p = byId.get(id)?.parentId ?? null; p !== null; p = byId.get(p)?.parentId ?? null) ancestors.push(p);
      setCollapsed((current) =>
        ancestors.some((a) => current.has(a)) ? new Set([...current].filter((c) => !ancestors.includes(c))) : current,
      );
    },
    [sections],
  );
  return { rows, toggle, reveal };
}
