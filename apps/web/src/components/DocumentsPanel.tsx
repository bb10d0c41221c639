import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { LecternDocument } from '../api/types';
import type { PendingUpload } from '../hooks/useDocuments';
import { DocumentRow, stageProgress } from './DocumentRow';

interface Props {
  documents: LecternDocument[];
  uploads: PendingUpload[];
  error: string | null;
  actionError: string | null;
  onDismissActionError: () => void;
  onUpload: (files: File[]) => void;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  /** Instructors and owners upload and remove; students only read. */
  canManage: boolean;
  onCancelUpload: (key: string) => void;
  onDismissUpload: (key: string) => void;
  onRetryUpload: (key: string) => void;
  onOpen: (doc: LecternDocument) => void;
  onAsk?: (doc: LecternDocument) => void;
}

/** Drop or pick PDFs; each document shows its stage live, its counts when ready, its reason when it failed. */
export function DocumentsPanel(props: Props) {
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const { documents, uploads } = props;

  // A PDF dropped beside the drop zone would make the browser open it in place of the app, ending uploads and answers.
  useEffect(() => {
    // Runs after the drop zone's own handlers, which have already taken the event when it was meant for them.
    const keep = (e: globalThis.DragEvent) => {
      if (e.defaultPrevented || !e.dataTransfer?.types.includes('Files')) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);

  const take = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    props.onUpload(Array.from(list));
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  };

  const ready = documents.filter((d) => d.status === 'ready').length;
  const working =
    documents.filter((d) => d.status !== 'ready' && d.status !== 'failed').length +
    uploads.filter((u) => u.status !== 'failed' && u.status !== 'duplicate').length;

  return (
    <section className="documents" aria-labelledby="documents-heading">
      <div className="section-head">
        <h2 id="documents-heading">Papers</h2>
        <span className="muted small">
          {ready}/{documents.length} ready{working > 0 ? ` · ${working} in progress` : ''}
        </span>
      </div>
      {props.canManage && (
        <div
          className={`dropzone${dragging ? ' is-dragging' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p>
            Drop PDFs here or{' '}
            <button type="button" className="link-button" onClick={() => picker.current?.click()}>
              choose files
            </button>
          </p>
          <input
            ref={picker}
            className="visually-hidden"
            type="file"
            accept="application/pdf,.pdf"
            multiple
            aria-label="Upload PDFs"
            onChange={(e) => {
              take(e.target.files);
              e.target.value = '';
            }}
          />
        </div>
      )}
      {props.error && (
        <p className="field-error" role="alert">
          Could not load the documents: {props.error}
        </p>
      )}
      {props.actionError && (
        <div className="field-error action-error" role="alert">
          <p>{props.actionError}</p>
          <button type="button" className="btn btn-ghost btn-small" onClick={props.onDismissActionError}>
            Dismiss
          </button>
        </div>
      )}
      <ul className="doc-list">
        {uploads.map((u) => (
          <UploadRow
            key={u.key}
            upload={u}
            onCancel={props.onCancelUpload}
            onDismiss={props.onDismissUpload}
            onRetry={props.onRetryUpload}
          />
        ))}
        {documents.map((doc) => (
          <DocumentRow
            key={doc.id}
            doc={doc}
            onRetry={props.onRetry}
            onRemove={props.canManage ? props.onRemove : undefined}
            onOpen={props.onOpen}
            onAsk={props.onAsk}
          />
        ))}
      </ul>
      {documents.length === 0 && uploads.length === 0 && <p className="muted small empty-docs">No papers yet.</p>}
    </section>
  );
}

interface UploadRowProps {
  upload: PendingUpload;
  onCancel: (key: string) => void;
  onDismiss: (key: string) => void;
  onRetry: (key: string) => void;
}

function UploadRow({ upload, onCancel, onDismiss, onRetry }: UploadRowProps) {
  const failed = upload.status === 'failed';
  const percent = Math.round(upload.fraction * 100);
  const label =
    upload.status === 'waiting' ? 'Waiting' : failed ? (upload.retryable ? 'Upload failed' : 'Not accepted') : `Uploading ${percent}%`;
  if (upload.status === 'duplicate') {
    return (
      <li className="doc doc-uploading doc-duplicate">
        <div className="doc-head">
          <span className="doc-name" title={upload.name}>
            {upload.name.replace(/\.pdf$/i, '')}
          </span>
          <span className="status status-uploading">Duplicate</span>
        </div>
        <div className="doc-failed">
          <p role="status">{upload.error}</p>
          <button type="button" className="btn btn-small" onClick={() => onDismiss(upload.key)} aria-label={`Dismiss ${upload.name}`}>
            Dismiss
          </button>
        </div>
      </li>
    );
  }
  return (
    <li className={`doc doc-uploading${failed ? ' doc-failed' : ''}`}>
      <div className="doc-head">
        <span className="doc-name" title={upload.name}>
          {upload.name.replace(/\.pdf$/i, '')}
        </span>
        <span className={`status ${failed ? 'status-failed' : 'status-uploading'}`}>{label}</span>
      </div>
      {failed ? (
        <div className="doc-failed">
          <p role="alert">{upload.error}</p>
          {upload.retryable && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => onRetry(upload.key)}
              aria-label={`Retry uploading ${upload.name}`}
            >
              Retry
            </button>
          )}
          <button type="button" className="btn btn-small" onClick={() => onDismiss(upload.key)} aria-label={`Dismiss ${upload.name}`}>
            Dismiss
          </button>
        </div>
      ) : (
        <div className="upload-progress">
          <div
            className="progress"
            role="progressbar"
            aria-label={`Uploading ${upload.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span
              className="progress-fill is-active"
              style={{ width: `${Math.max(4, stageProgress('uploading', upload.fraction) * 100)}%` }}
            />
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => onCancel(upload.key)}
            aria-label={`Cancel uploading ${upload.name}`}
          >
            Cancel
          </button>
        </div>
      )}
    </li>
  );
}
