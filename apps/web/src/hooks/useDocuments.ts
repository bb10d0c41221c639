import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError, uploadDocuments } from '../api/client';
import type { LecternDocument } from '../api/types';
import { errorMessage } from '../error-message';

/** One file on its way up: a row of its own until the server has it, or with the reason it was refused. */
export interface PendingUpload {
  key: string;
  projectId: string;
  name: string;
  fraction: number;
  status: 'waiting' | 'uploading' | 'failed' | 'duplicate';
  /** Why it failed, or (duplicate) which paper of the project it already is. */
  error?: string;
  /** Failed on the way (network, server error), not refused for what the file is: sending it again may work. */
  retryable?: boolean;
}

/** A refused file (not a PDF, too large, …) fails the same way again; a lost connection or a server error may not. */
function worthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;
}

const POLL_MS = 1_000;
const IDLE_POLL_MS = 10_000;
/** Files sent at once: enough to keep the line busy, few enough that each shows steady progress. */
const PARALLEL_UPLOADS = 2;

/** What a duplicate upload row says: the file is already in the project (under its first name, if that differs). */
export function duplicateMessage(existing: string, uploaded: string): string {
  return existing === uploaded
    ? 'Already in this project: this file was uploaded before, so it was not added again.'
    : `Already in this project as ${existing}: the same file was not added again.`;
}

function inProgress(doc: LecternDocument): boolean {
  return doc.status !== 'ready' && doc.status !== 'failed';
}

/**
 * The project's documents, polled every second while any is queued, parsing or embedding (and slowly otherwise,
 * so uploads from another tab or the CLI show up too), and the files being uploaded, one request per file.
 */
export function useDocuments(projectId: string | null, onChange?: () => void) {
  const [documents, setDocuments] = useState<LecternDocument[]>([]);
  const [error, setError] = useState<string | null>(null);
  /** A retry or removal that failed: kept until dismissed, unlike the list's own load error. */
  const [actionError, setActionError] = useState<string | null>(null);
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const signature = useRef('');
  const timer = useRef<number | undefined>(undefined);
  const current = useRef(projectId);
  current.current = projectId;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const aborts = useRef(new Map<string, AbortController>());
  /** The files of failed uploads, kept so that Retry sends them again without picking them anew. */
  const files = useRef(new Map<string, File>());
  const cancelled = useRef(new Set<string>());

  /** A project being deleted: not polled any more, so no request reaches it once it is gone (a 404). */
  const halted = useRef<string | null>(null);
  /** The list requests out now. */
  const inFlight = useRef(new Set<Promise<unknown>>());

  const refresh = useCallback(async () => {
    if (!projectId || halted.current === projectId) return;
    window.clearTimeout(timer.current);
    const stale = () => current.current !== projectId || halted.current === projectId;
    // Refreshes overlap (the poll, an upload's, a retry's): each replaces the timer, so one poll chain is left to
    // stop. Two timers would leave one running after a switch or a deletion, polling a project no longer shown.
    const poll = (ms: number) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void refresh(), ms);
    };
    try {
      const request = api.documents(projectId);
      const settled = request.catch(() => undefined).finally(() => inFlight.current.delete(settled));
      inFlight.current.add(settled);
      const docs = await request;
      // The project changed while the request was out: its answer belongs to the old one.
      if (stale()) return;
      setDocuments(docs);
      setError(null);
      const next = docs.map((d) => `${d.id}:${d.status}`).join(',');
      if (next !== signature.current) {
        signature.current = next;
        onChangeRef.current?.();
      }
      poll(docs.some(inProgress) ? POLL_MS : IDLE_POLL_MS);
    } catch (e) {
      if (stale()) return;
      setError(errorMessage(e));
      poll(IDLE_POLL_MS);
    }
  }, [projectId]);

  /** Stops polling this project and waits for the requests already out: call before deleting the project. */
  const halt = useCallback(async () => {
    halted.current = projectId;
    window.clearTimeout(timer.current);
    await Promise.all(inFlight.current);
  }, [projectId]);

  /** Polls again after `halt`, when the deletion failed. */
  const resume = useCallback(() => {
    halted.current = null;
    void refresh();
  }, [refresh]);

  useEffect(() => {
    setDocuments([]);
    setActionError(null);
    signature.current = '';
    void refresh();
    return () => window.clearTimeout(timer.current);
  }, [refresh]);

  const patch = (key: string, change: Partial<PendingUpload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  const drop = (key: string) => {
    files.current.delete(key);
    setUploads((list) => list.filter((u) => u.key !== key));
  };

  const sendOne = useCallback(
    async (target: string, key: string, file: File) => {
      const abort = new AbortController();
      aborts.current.set(key, abort);
      patch(key, { status: 'uploading', fraction: 0, error: undefined, retryable: undefined });
      try {
        const result = await uploadDocuments(target, [file], (fraction) => patch(key, { fraction }), abort.signal);
        const refused = result.rejected[0];
        const kept = result.documents[0];
        if (refused) patch(key, { status: 'failed', error: refused.reason });
        // The server keeps one copy of a file per project: say so rather than let the upload vanish silently.
        else if (kept?.duplicate) patch(key, { status: 'duplicate', error: duplicateMessage(kept.filename, file.name) });
        else drop(key);
        if (current.current === target) await refresh();
      } catch (e) {
        if (abort.signal.aborted) drop(key);
        else {
          const retryable = worthRetrying(e);
          if (retryable) files.current.set(key, file);
          patch(key, { status: 'failed', error: errorMessage(e), retryable });
        }
      } finally {
        aborts.current.delete(key);
      }
    },
    [refresh],
  );

  const upload = useCallback(
    async (files: File[]) => {
      if (!projectId || files.length === 0) return;
      const target = projectId;
      const batch = files.map((file, i) => ({ file, key: `${Date.now()}-${i}-${Math.random().toString(36).slice(2)}` }));
      setUploads((list) => [
        ...list,
        ...batch.map(({ file, key }) => ({ key, projectId: target, name: file.name, fraction: 0, status: 'waiting' as const })),
      ]);
      // Uploads keep going when the reader switches project; their rows stay with the project they went to.
      const queue = [...batch];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          if (!cancelled.current.delete(next.key)) await sendOne(target, next.key, next.file);
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, worker));
    },
    [projectId, sendOne],
  );

  const cancelUpload = useCallback((key: string) => {
    const abort = aborts.current.get(key);
    if (abort) {
      abort.abort();
      return;
    }
    // Not started yet: the queue skips it.
    cancelled.current.add(key);
    drop(key);
  }, []);

  const retryUpload = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      const target = uploads.find((u) => u.key === key)?.projectId;
      if (!file || !target) return;
      files.current.delete(key);
      void sendOne(target, key, file);
    },
    [uploads, sendOne],
  );

  const retry = useCallback(
    async (documentId: string) => {
      setActionError(null);
      try {
        await api.retry(documentId);
      } catch (e) {
        setActionError(`Could not queue the paper again: ${errorMessage(e)}`);
      }
      await refresh();
    },
    [refresh],
  );

  const remove = useCallback(
    async (documentId: string) => {
      setActionError(null);
      try {
        await api.removeDocument(documentId);
        setDocuments((list) => list.filter((d) => d.id !== documentId));
      } catch (e) {
        setActionError(`Could not remove the paper: ${errorMessage(e)}`);
      }
      await refresh();
      onChangeRef.current?.();
    },
    [refresh],
  );

  return {
    documents,
    remove,
    error,
    actionError,
    dismissActionError: () => setActionError(null),
    uploads: uploads.filter((u) => u.projectId === projectId),
    upload,
    retry,
    retryUpload,
    cancelUpload,
    dismissUpload: drop,
    refresh,
    halt,
    resume,
  };
}
