import { useEffect, useRef, useState } from 'react';
import { api } from '../api/client';
import type { LecternDocument, Outline, OutlineSection } from '../api/types';

interface Props {
  doc: LecternDocument;
  onClose: () => void;
  onOpenPage: (outline: Outline, section: OutlineSection | null) => void;
}

/** A ready document's outline: title, authors, abstract, sections with pages; a section opens the PDF there. */
export function OutlineDialog({ doc, onClose, onOpenPage }: Props) {
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
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
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
            {outline.article.pageCount} pages · {outline.sections.length} sections · {doc.filename}
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
          <ol className="outline-list">
            {outline.sections.map((s) => (
              <li key={s.id} style={{ paddingLeft: `${Math.max(0, s.level - 1) * 16}px` }}>
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
        </div>
      )}
    </dialog>
  );
}
