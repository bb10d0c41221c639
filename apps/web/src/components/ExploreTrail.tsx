import { useId, useState } from 'react';
import type { ExploreStep } from '../api/types';

/** A section as a reader knows it ("3.2", "ref"), unlike the ids the agent may navigate by. */
const SECTION_NUMBER = /^(\d+(\.\d+)*|ref)$/;

/** The agent's moves as compact rows — "read 3.2", "next" — each expanding to what the agent saw. */
export function ExploreTrail({ steps, live }: { steps: ExploreStep[]; live: boolean }) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const idBase = useId();
  if (steps.length === 0 && !live) return null;
  const toggle = (i: number) =>
    setOpen((set) => {
      const next = new Set(set);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return (
    <div className="trail">
      <h3 className="trail-heading">
        Agent trail{' '}
        <span className="trail-count">
          {steps.length} {steps.length === 1 ? 'step' : 'steps'}
        </span>
      </h3>
      <ol className="trail-list">
        {steps.map((step, i) => {
          const expanded = open.has(i);
          const detailId = `${idBase}-step-${i}`;
          const args = shownArgs(step.args);
          return (
            <li key={i} className={`trail-step tool-${step.tool}`}>
              <button type="button" className="trail-row" aria-expanded={expanded} aria-controls={detailId} onClick={() => toggle(i)}>
                <span className="trail-index">{i + 1}</span>
                <span className="trail-tool">{stepLabel(step)}</span>
                <span className="trail-summary">{step.summary}</span>
                <span className="trail-meta">
                  {step.tokens} tok · {step.ms} ms
                </span>
              </button>
              {expanded && (
                <div id={detailId} className="trail-detail">
                  {args && <code className="trail-args">{args}</code>}
                  <pre className="trail-saw">{readable(step.saw ?? step.summary)}</pre>
                </div>
              )}
            </li>
          );
        })}
        {live && (
          <li className="trail-step trail-pending">
            <span className="spinner" aria-hidden="true" /> working…
          </li>
        )}
      </ol>
    </div>
  );
}

/** `search "q"`, `outline`, `read 3.2`, `next`, `previous`: the tool and its main argument. */
export function stepLabel(step: ExploreStep): string {
  const args = step.args;
  switch (step.tool) {
    case 'search':
      return `search “${String(args.query ?? '')}”`;
    case 'read': {
      // The agent may name a section by number ("3.2") or by id; an id says nothing to a reader.
      const section = String(args.section ?? '');
      return SECTION_NUMBER.test(section) ? `read ${section}` : 'read';
    }
    case 'read_page':
      return `read page ${String(args.page ?? '')}`;
    default:
      return step.tool;
  }
}

/** The step's arguments as `query: …, k: 5`, leaving out the article and section ids (the row's label and what it saw name those). */
export function shownArgs(args: Record<string, unknown>): string {
  return Object.entries(args)
    .filter(([key, value]) => !((key === 'section' || key === 'article') && !SECTION_NUMBER.test(String(value))))
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/** What the agent saw, without the ids it navigates by (`section_id=…`), which mean nothing to a reader. */
export function readable(text: string): string {
  return text
    .replace(/\s*\((?:(?:section_id|article_id)=[\w-]+(?:,\s*)?)+(?:,\s*)?/g, ' (')
    .replace(/\(\s*\)/g, '')
    .replace(/\(\s*,\s*/g, '(')
    .replace(/\b(?:section_id|article_id)=[\w-]+,?\s*/g, '');
}
