import { useEffect, useMemo, useRef } from 'react';
import type { OutlineSection } from '../../api/types';
import { useOutlineTree } from '../outline-tree';
import type { OutlineState } from './source-hooks';
import { currentSectionId } from './source-hooks';

/** `section` was chosen; `landing` is where it starts: itself, or for a heading without text the next section with some. */
type OnJump = (section: OutlineSection, landing: OutlineSection) => void;

interface SourceOutlineProps {
  id: string;
  outline: OutlineState;
  page: number;
  onJump: OnJump;
}

/** The article's sections; the one holding the shown page is marked, and each scrolls to its heading. */
export function SourceOutline({ id, outline, page, onJump }: SourceOutlineProps) {
  return (
    <nav className="sv-outline" id={id} aria-label="Sections">
      <h3 className="sv-outline-heading">Sections</h3>
      {outline.status === 'loading' && (
        <ul className="sv-outline-list" aria-hidden="true">
          {[70, 55, 80, 60, 45].map((width, i) => (
            <li key={i} className="sv-skeleton-line" style={{ width: `${width}%` }} />
          ))}
        </ul>
      )}
      {outline.status === 'unavailable' && <p className="sv-outline-empty">{outline.reason}</p>}
      {outline.status === 'ready' && outline.sections.length === 0 && <p className="sv-outline-empty">This article has no sections.</p>}
      {outline.status === 'ready' && outline.sections.length > 0 && <SectionList sections={outline.sections} page={page} onJump={onJump} />}
    </nav>
  );
}

function SectionList({
  sections,
  page,
  onJump,
}: {
  sections: Extract<OutlineState, { status: 'ready' }>['sections'];
  page: number;
  onJump: OnJump;
}) {
  const current = currentSectionId(sections, page);
  // A heading with no text of its own ("3 Methods" before "3.1") sits just above the next section that has some.
  const landings = useMemo(() => {
    const map = new Map<string, OutlineSection>();
    let next: OutlineSection | null = null;
    for (let i = sections.length - 1; i >= 0; i--) {
      if (sections[i].pageStart !== null) next = sections[i];
      if (next) map.set(sections[i].id, next);
    }
    return map;
  }, [sections]);
  const { rows, toggle, reveal } = useOutlineTree(sections);
  // The section holding the shown page is never hidden inside a collapsed parent.
  useEffect(() => reveal(current), [current, reveal]);
  const listRef = useRef<HTMLUListElement>(null);
  // Keep the current section in sight in a long outline; moves only the outline's own scroll.
  useEffect(() => {
    const item = listRef.current?.querySelector<HTMLElement>('[aria-current]');
    const nav = listRef.current?.parentElement;
    if (!item || !nav) return;
    const above = item.offsetTop - nav.offsetTop < nav.scrollTop;
    const below = item.offsetTop - nav.offsetTop + item.offsetHeight > nav.scrollTop + nav.clientHeight;
    if (above || below) nav.scrollTop = item.offsetTop - nav.offsetTop - nav.clientHeight / 3;
  }, [current]);
  return (
    <ul className="sv-outline-list" ref={listRef}>
      {rows.map(({ section, depth, hasChildren, expanded }) => {
        const isCurrent = section.id === current;
        const landing = landings.get(section.id) ?? null;
        const where = landing?.pageStart != null ? `p. ${landing.pageStart}` : '';
        return (
          <li key={section.id} className="sv-outline-row" style={{ paddingLeft: `${depth * 12}px` }}>
            {hasChildren ? (
              <button
                type="button"
                className="sv-section-toggle"
                aria-expanded={expanded}
                aria-label={`${expanded ? 'Hide' : 'Show'} the subsections of ${section.title || section.number}`}
                onClick={() => toggle(section.id)}
              >
                {expanded ? '▾' : '▸'}
              </button>
            ) : (
              <span className="sv-section-toggle-space" aria-hidden="true" />
            )}
            <button
              type="button"
              className={`sv-outline-item${isCurrent ? ' is-current' : ''}`}
              aria-current={isCurrent ? 'location' : undefined}
              disabled={landing === null}
              title={landing?.pageStart != null ? `Go to this heading, page ${landing.pageStart}` : 'Page unknown'}
              onClick={() => landing && onJump(section, landing)}
            >
              {section.number && <span className="sv-outline-number">{section.number}</span>}
              <span className="sv-outline-title">{section.title || 'Untitled section'}</span>
              <span className="sv-outline-page">{where}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
