import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError, uploadDocuments } from '../api/client';
import type { LecternDocument, UploadResult } from '../api/types';

/** A batch of files on its way up: shown as "uploading" rows until the server has them. */
export interface PendingUpload {
  key: string;
  names: string[];
  fraction: number;
  error?: string;
}

const POLL_MS = 1_000;
const IDLE_POLL_MS = 10_000;

function inProgress(doc: LecternDocument): boolean {
  return doc.status !== 'ready' && doc.status !== 'failed';
}

/**
 * The project's documents, polled every second while any is queued, parsing or embedding (and slowly otherwise,
 * so uploads from another tab or the CLI show up too).
 */
export function useDocuments(projectId: string | null, onChange?: () => void) {
  const [documents, setDocuments] = useState<LecternDocument[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [rejected, setRejected] = useState<UploadResult['rejected']>([]);
  const signature = useRef('');
  const timer = useRef<number | undefined>(undefined);
  const current = useRef(projectId);
  current.current = projectId;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const refresh = useCallback(async () => {
    if (!projectId) return;
    window.clearTimeout(timer.current);
    try {
      const docs = await api.documents(projectId);
      // The project changed while the request was out: its answer belongs to the old one.
      if (current.current !== projectId) return;
      setDocuments(docs);
      setError(null);
      const next = docs.map((d) => `${d.id}:${d.status}`).join(',');
      if (next !== signature.current) {
        signature.current = next;
        onChangeRef.current?.();
      }
      timer.current = window.setTimeout(() => void refresh(), docs.some(inProgress) ? POLL_MS : IDLE_POLL_MS);
    } catch (e) {
      if (current.current !== projectId) return;
      setError(e instanceof Error ? e.message : String(e));
      timer.current = window.setTimeout(() => void refresh(), IDLE_POLL_MS);
    }
  }, [projectId]);

  useEffect(() => {
    setDocuments([]);
    setUploads([]);
    setRejected([]);
    signature.current = '';
    void refresh();
    return () => window.clearTimeout(timer.current);
  }, [refresh]);

  const upload = useCallback(
    async (files: File[]) => {
      if (!projectId || files.length === 0) return;
      const key = `${Date.now()}-${Math.random()}`;
      setUploads((list) => [...list, { key, names: files.map((f) => f.name), fraction: 0 }]);
      try {
        const result = await uploadDocuments(projectId, files, (fraction) =>
          setUploads((list) => list.map((u) => (u.key === key ? { ...u, fraction } : u))),
        );
        setRejected(result.rejected);
        setUploads((list) => list.filter((u) => u.key !== key));
        await refresh();
      } catch (e) {
        const message = e instanceof ApiError ? e.message : String(e);
        setUploads((list) => list.map((u) => (u.key === key ? { ...u, error: message } : u)));
      }
    },
    [projectId, refresh],
  );

  const dismissUpload = useCallback((key: string) => setUploads((list) => list.filter((u) => u.key !== key)), []);

  const retry = useCallback(
    async (documentId: string) => {
      await api.retry(documentId);
      await refresh();
    },
    [refresh],
  );

  return { documents, error, uploads, rejected, upload, retry, dismissUpload, clearRejected: () => setRejected([]), refresh };
}
