import { useRef, useState, type DragEvent } from 'react';
import type { LecternDocument, UploadResult } from '../api/types';
import type { PendingUpload } from '../hooks/useDocuments';
import { DocumentRow, stageProgress } from './DocumentRow';

interface Props {
  documents: LecternDocument[];
  uploads: PendingUpload[];
  rejected: UploadResult['rejected'];
  error: string | null;
  onUpload: (files: File[]) => void;
  onRetry: (id: string) => void;
  onDismissUpload: (key: string) => void;
  onClearRejected: () => void;
  onOpen: (doc: LecternDocument) => void;
}

/** Drop or pick PDFs; each document shows its stage live, its counts when ready, its reason when it failed. */
export function DocumentsPanel(props: Props) {
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const { documents, uploads } = props;

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
  const working = documents.filter((d) => d.status !== 'ready' && d.status !== 'failed').length;

  return (
    <section className="documents" aria-labelledby="documents-heading">
      <div className="section-head">
        <h2 id="documents-heading">Papers</h2>
        <span className="muted small">
          {ready}/{documents.length} ready{working > 0 ? ` · ${working} in progress` : ''}
        </span>
      </div>
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
      {props.error && (
        <p className="field-error" role="alert">
          Could not load the documents: {props.error}
        </p>
      )}
      {props.rejected.length > 0 && (
        <div className="rejected" role="alert">
          <strong>Not accepted:</strong>
          <ul>
            {props.rejected.map((r) => (
              <li key={r.filename}>
                {r.filename}: {r.reason}
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-ghost btn-small" onClick={props.onClearRejected}>
            Dismiss
          </button>
        </div>
      )}
      <ul className="doc-list">
        {uploads.map((u) => (
          <li key={u.key} className={`doc doc-uploading${u.error ? ' doc-failed' : ''}`}>
            <div className="doc-head">
              <span className="doc-name">{u.names.length === 1 ? u.names[0] : `${u.names.length} files`}</span>
              <span className={`status ${u.error ? 'status-failed' : 'status-uploading'}`}>{u.error ? 'Failed' : `Uploading ${Math.round(u.fraction * 100)}%`}</span>
            </div>
            {u.error ? (
              <div className="doc-failed">
                <p role="alert">{u.error}</p>
                <button type="button" className="btn btn-small" onClick={() => props.onDismissUpload(u.key)}>
                  Dismiss
                </button>
              </div>
            ) : (
              <div className="progress" role="progressbar" aria-label="Uploading" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(u.fraction * 100)}>
                <span className="progress-fill is-active" style={{ width: `${Math.max(4, stageProgress('uploading', u.fraction) * 100)}%` }} />
              </div>
            )}
          </li>
        ))}
        {documents.map((doc) => (
          <DocumentRow key={doc.id} doc={doc} onRetry={props.onRetry} onOpen={props.onOpen} />
        ))}
      </ul>
      {documents.length === 0 && uploads.length === 0 && <p className="muted small empty-docs">No papers yet.</p>}
    </section>
  );
}
