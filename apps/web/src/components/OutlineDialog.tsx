import { plural } from '../plural';
import { useEffect, useRef, useState } from 'react';
import { api } from '../api/client';
import type { LecternDocument, Outline, OutlineSection } from '../api/types';
import { useOutlineTree } from './outline-tree';
import { errorMessage } from '../error-message';

interface Props {
  doc: LecternDocument;
  onClose: () => void;
  onOpenPage: (outline: Outline, section: OutlineSection | null) => void;
  /** "Ask this paper": scope the chat to this article. */
  onAsk?: (outline: Outline) => void;
}

/** A ready document's outline: title, authors, abstract, sections with pages; a section opens the PDF there. */
export function OutlineDialog({ doc, onClose, onOpenPage, onAsk }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [outline, setOutline] = useState<Outline | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);

  useEffect(() => {
    if (!doc.articleId) return;
    let live = true;
    api
      .outline(doc.articleId)
      .then((o) => live && setOutline(o))
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [doc.articleId]);

  return (
    <dialog ref={dialog} className="outline-dialog" aria-labelledby="outline-title" onClose={onClose} onCancel={onClose}>
      <header className="dialog-header">
        <h2 id="outline-title">{outline?.article.title || doc.filename}</h2>
        <button type="button" className="btn btn-ghost btn-icon" onClick={onClose} aria-label="Close outline">
          ×
        </button>
      </header>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {!outline && !error && (
        <p className="thinking">
          <span className="spinner" aria-hidden="true" /> Loading the outline…
        </p>
      )}
      {outline && (
        <div className="dialog-body">
          {outline.article.authors.length > 0 && <p className="authors">{outline.article.authors.join(', ')}</p>}
          <p className="muted small">
            {plural(outline.article.pageCount, 'page')} · {plural(outline.sections.length, 'section')} · {doc.filename}
            {outline.article.doi ? ` · doi:${outline.article.doi}` : ''}
          </p>
          {outline.article.abstract && (
            <details className="abstract">
              <summary>Abstract</summary>
              <p>{outline.article.abstract}</p>
            </details>
          )}
          <button type="button" className="btn" onClick={() => onOpenPage(outline, null)}>
            Open the PDF
          </button>
          {onAsk && (
            <button type="button" className="btn" onClick={() => onAsk(outline)}>
              Ask this paper
            </button>
          )}
          <OutlineTree outline={outline} onOpenPage={onOpenPage} />
        </div>
      )}
    </dialog>
  );
}

/** The sections as a tree: a section with subsections has a toggle that shows or hides them. */
function OutlineTree({ outline, onOpenPage }: { outline: Outline; onOpenPage: Props['onOpenPage'] }) {
  const { rows, toggle } = useOutlineTree(outline.sections);
  return (
    <ol className="outline-list">
      {rows.map(({ section: s, depth, hasChildren, expanded }) => (
        <li key={s.id} className="outline-row" style={{ paddingLeft: `${depth * 16}px` }}>
          {hasChildren ? (
            <button
              type="button"
              className="outline-toggle"
              aria-expanded={expanded}
              aria-label={`${expanded ? 'Hide' : 'Show'} the subsections of ${s.title || s.number}`}
              onClick={() => toggle(s.id)}
            >
              {expanded ? '▾' : '▸'}
            </button>
          ) : (
            <span className="outline-toggle-space" aria-hidden="true" />
          )}
          <button type="button" className="outline-item" onClick={() => onOpenPage(outline, s)} disabled={s.pageStart === null}>
            <span className="outline-number">{s.number === 'ref' ? '' : s.number}</span>
            <span className="outline-title">{s.number === 'ref' ? 'References' : s.title || 'Untitled section'}</span>
            <span className="outline-pages">
              {s.pageStart ? (s.pageEnd && s.pageEnd !== s.pageStart ? `pp. ${s.pageStart}–${s.pageEnd}` : `p. ${s.pageStart}`) : ''}
            </span>
            {s.ocrContexts > 0 && (
              <span className="outline-ocr" title={`${s.ocrContexts} of ${s.contextCount} passages read by OCR from a scanned page`}>
                OCR {Math.round(s.ocrConfidence ?? 0)}%
              </span>
            )}
          </button>
        </li>
      ))}
    </ol>
  );
}
