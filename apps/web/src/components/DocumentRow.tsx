import { pageProgressLabel } from '../page-progress';
import { plural } from '../plural';
import { useState } from 'react';
import type { DocumentStatus, LecternDocument } from '../api/types';

/** The stages a document moves through, in order; the bar fills one step per stage. */
const STAGES: Array<{ status: DocumentStatus | 'uploading'; label: string }> = [
  { status: 'uploading', label: 'Uploading' },
  { status: 'queued', label: 'Queued' },
  { status: 'parsing', label: 'Parsing' },
  { status: 'embedding', label: 'Embedding' },
  { status: 'ready', label: 'Ready' },
];

export function stageProgress(status: DocumentStatus | 'uploading', uploadFraction = 1): number {
  if (status === 'failed') return 1;
  if (status === 'uploading') return uploadFraction / (STAGES.length - 1);
  return STAGES.findIndex((s) => s.status === status) / (STAGES.length - 1);
}

export function stageLabel(status: DocumentStatus | 'uploading'): string {
  return status === 'failed' ? 'Failed' : (STAGES.find((s) => s.status === status)?.label ?? status);
}

interface Props {
  doc: LecternDocument;
  onRetry: (id: string) => void;
  /** Absent for students: they read papers but do not remove them. */
  onRemove?: (id: string) => void;
  onOpen: (doc: LecternDocument) => void;
  /** "Ask this paper": scope the chat to this document's article. */
  onAsk?: (doc: LecternDocument) => void;
}

export function DocumentRow({ doc, onRetry, onRemove, onOpen, onAsk }: Props) {
  const [confirming, setConfirming] = useState(false);
  const progress = stageProgress(doc.status);
  const ready = doc.status === 'ready';
  const label = doc.title ?? doc.filename.replace(/\.pdf$/i, '');
  return (
    <li className={`doc doc-${doc.status}`}>
      <div className="doc-head">
        {ready ? (
          <button type="button" className="doc-name doc-link" onClick={() => onOpen(doc)} title={`Open the outline of ${label}`}>
            {label}
          </button>
        ) : (
          <span className="doc-name" title={doc.filename}>
            {label}
          </span>
        )}
        <span className={`status status-${doc.status}`}>{pageProgressLabel(stageLabel(doc.status), doc.progress)}</span>
        {!onRemove ? null : confirming ? (
          <span className="doc-confirm">
            <button type="button" className="btn btn-danger btn-small" onClick={() => onRemove(doc.id)} autoFocus>
              Remove
            </button>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="btn btn-ghost btn-icon doc-remove"
            onClick={() => setConfirming(true)}
            aria-label={`Remove ${doc.filename}`}
            title="Remove this paper"
          >
            <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
              <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" />
            </svg>
          </button>
        )}
      </div>
      {!ready && doc.status !== 'failed' && (
        <div
          className="progress"
          role="progressbar"
          aria-label={`${doc.filename}: ${stageLabel(doc.status)}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          aria-valuetext={stageLabel(doc.status)}
        >
          <span className="progress-fill is-active" style={{ width: `${Math.max(6, progress * 100)}%` }} />
        </div>
      )}
      {ready && doc.title && (
        <p className="doc-file" title={doc.filename}>
          {doc.filename}
        </p>
      )}
      {ready && (
        <p className="doc-counts">
          {plural(doc.pageCount ?? 0, 'page')} · {plural(doc.sectionCount ?? 0, 'section')} · {plural(doc.contextCount ?? 0, 'passage')}
          {onAsk && doc.articleId && (
            <button
              type="button"
              className="btn btn-ghost btn-small doc-ask"
              onClick={() => onAsk(doc)}
              aria-label={`Ask about ${label} only`}
            >
              Ask this paper
            </button>
          )}
        </p>
      )}
      {ready && doc.warnings.length > 0 && (
        <details className="doc-warning">
          <summary>
            {doc.warnings.length} {doc.warnings.length === 1 ? 'warning' : 'warnings'}
          </summary>
          <ul>
            {doc.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </details>
      )}
      {doc.status === 'failed' && (
        <div className="doc-failed">
          <p role="alert">{doc.error ?? 'Failed for an unknown reason.'}</p>
          <button type="button" className="btn btn-small" onClick={() => onRetry(doc.id)} aria-label={`Retry ${doc.filename}`}>
            Retry
          </button>
        </div>
      )}
    </li>
  );
}
