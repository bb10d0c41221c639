import { useEffect, useState, type FormEvent } from 'react';

interface SourceToolbarProps {
  /** Prefix for element ids, unique per viewer (React useId). */
  idBase: string;
  label: string;
  page: number;
  /** Null while the PDF is loading or failed. */
  pageCount: number | null;
  /** Percent of the PDF's own size (1 CSS pixel per point), null before the first drawing. */
  zoomPercent: number | null;
  fitting: boolean;
  outlineOpen: boolean;
  fileUrl: string;
  onPage: (page: number) => void;
  onZoomOut: () => void;
  onZoomIn: () => void;
  onFit: () => void;
  onToggleOutline: () => void;
  onClose: () => void;
}

/** The viewer's header: what is open, where in it the reader is, and the controls to move and zoom. */
export function SourceToolbar(props: SourceToolbarProps) {
  const { idBase, label, page, pageCount, zoomPercent, fitting, outlineOpen, fileUrl } = props;
  const [draft, setDraft] = useState(String(page));
  useEffect(() => setDraft(String(page)), [page]);

  const commit = (event?: FormEvent) => {
    event?.preventDefault();
    const wanted = Number.parseInt(draft, 10);
    if (pageCount && Number.isFinite(wanted)) props.onPage(Math.min(pageCount, Math.max(1, wanted)));
    else setDraft(String(page));
  };
  const ready = pageCount !== null;

  return (
    <header className="sv-header">
      <div className="sv-title-row">
        <button
          type="button"
          className="btn btn-ghost btn-icon sv-outline-toggle"
          aria-label={outlineOpen ? 'Hide outline' : 'Show outline'}
          title={outlineOpen ? 'Hide outline' : 'Show outline'}
          aria-expanded={outlineOpen}
          aria-controls={`${idBase}-outline`}
          onClick={props.onToggleOutline}
        >
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <path d="M3 5h14M3 10h10M3 15h12" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" fill="none" />
          </svg>
        </button>
        <h2 className="sv-title" id={`${idBase}-title`} title={label}>
          {label}
        </h2>
        <button type="button" className="btn btn-ghost btn-icon" aria-label="Close source view" title="Close (Esc)" onClick={props.onClose}>
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="sv-controls" role="toolbar" aria-label="Page and zoom">
        <div className="sv-group">
          <button
            type="button"
            className="btn btn-icon"
            aria-label="Previous page"
            title="Previous page (PageUp)"
            disabled={!ready || page <= 1}
            onClick={() => props.onPage(page - 1)}
          >
            <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
              <path
                d="M12.5 4.5L7 10l5.5 5.5"
                stroke="currentColor"
                strokeWidth="1.8"
                fill="none"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
          <form className="sv-page-form" onSubmit={commit}>
            <label className="visually-hidden" htmlFor={`${idBase}-page`}>
              Page number
            </label>
            <input
              id={`${idBase}-page`}
              className="sv-page-input"
              inputMode="numeric"
              value={draft}
              disabled={!ready}
              onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
              onBlur={() => commit()}
              aria-describedby={`${idBase}-count`}
            />
            <span id={`${idBase}-count`} className="sv-page-count">
              / {pageCount ?? '–'}
            </span>
          </form>
          <button
            type="button"
            className="btn btn-icon"
            aria-label="Next page"
            title="Next page (PageDown)"
            disabled={!ready || page >= (pageCount ?? 0)}
            onClick={() => props.onPage(page + 1)}
          >
            <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
              <path
                d="M7.5 4.5L13 10l-5.5 5.5"
                stroke="currentColor"
                strokeWidth="1.8"
                fill="none"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </div>
        <div className="sv-group">
          <button type="button" className="btn btn-icon" aria-label="Zoom out" title="Zoom out" disabled={!ready} onClick={props.onZoomOut}>
            <span aria-hidden="true">−</span>
          </button>
          <span className="sv-zoom" aria-live="polite" aria-label={zoomPercent ? `Zoom ${zoomPercent}%` : undefined}>
            {zoomPercent ? `${zoomPercent}%` : '—'}
          </span>
          <button type="button" className="btn btn-icon" aria-label="Zoom in" title="Zoom in" disabled={!ready} onClick={props.onZoomIn}>
            <span aria-hidden="true">+</span>
          </button>
          <button
            type="button"
            className="btn"
            aria-label="Fit page to width"
            title="Fit to width"
            aria-pressed={fitting}
            disabled={!ready}
            onClick={props.onFit}
          >
            Fit
          </button>
        </div>
        <a
          className="btn sv-open"
          href={`${fileUrl}#page=${page}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open PDF at page ${page} in a new tab`}
          title="Open PDF in a new tab"
        >
          Open PDF
          <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true">
            <path
              d="M8 4H4v12h12v-4M11 4h5v5M16 4l-7 7"
              stroke="currentColor"
              strokeWidth="1.6"
              fill="none"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </a>
      </div>
    </header>
  );
}
