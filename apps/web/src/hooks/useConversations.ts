import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api/client';
import type { Conversation } from '../api/types';
import { errorMessage } from '../error-message';

const CURRENT_PREFIX = 'lectern.currentConversation.';

function storedCurrent(projectId: string): string | null {
  try {
    return window.localStorage.getItem(CURRENT_PREFIX + projectId);
  } catch {
    return null;
  }
}

function storeCurrent(projectId: string, id: string | null): void {
  try {
    if (id) window.localStorage.setItem(CURRENT_PREFIX + projectId, id);
    else window.localStorage.removeItem(CURRENT_PREFIX + projectId);
  } catch {
    // Storage disabled: the choice lasts until the page is reloaded.
  }
}

/**
 * A project's conversations, kept on the server: the list (most recently used first), the one shown, and new,
 * rename and delete. A project without any gets one, so every question has a conversation to be kept in.
 */
export function useConversations(projectId: string | null) {
  // Each value is kept with the project it belongs to: right after a switch, the old project's choice is not shown.
  const [listOf, setListOf] = useState<{ projectId: string | null; list: Conversation[] }>({ projectId: null, list: [] });
  const [currentOf, setCurrentOf] = useState<{ projectId: string | null; id: string | null }>({ projectId: null, id: null });
  const list = listOf.projectId === projectId ? listOf.list : [];
  const currentId = currentOf.projectId === projectId ? currentOf.id : null;
  const setCurrentId = useCallback(
    (change: string | null | ((id: string | null) => string | null)) =>
      setCurrentOf((old) => {
        const before = old.projectId === projectId ? old.id : null;
        return { projectId, id: typeof change === 'function' ? change(before) : change };
      }),
    [projectId],
  );
  const [error, setError] = useState<string | null>(null);
  const project = useRef(projectId);
  project.current = projectId;

  const refresh = useCallback(async () => {
    if (!projectId) return;
    try {
      let conversations = await api.conversations(projectId);
      if (conversations.length === 0) conversations = [await api.createConversation(projectId)];
      if (project.current !== projectId) return;
      setListOf({ projectId, list: conversations });
      setError(null);
      setCurrentId((id) => {
        const wanted = id ?? storedCurrent(projectId);
        return conversations.some((c) => c.id === wanted) ? wanted : conversations[0].id;
      });
    } catch (e) {
      if (project.current === projectId) setError(errorMessage(e));
    }
  }, [projectId, setCurrentId]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (projectId && currentId) storeCurrent(projectId, currentId);
  }, [projectId, currentId]);

  const create = useCallback(async () => {
    if (!projectId) return;
    const created = await api.createConversation(projectId);
    setCurrentId(created.id);
    await refresh();
  }, [projectId, refresh, setCurrentId]);

  const rename = useCallback(
    async (id: string, title: string) => {
      if (!projectId) return;
      await api.renameConversation(projectId, id, title);
      await refresh();
    },
    [projectId, refresh],
  );

  const remove = useCallback(
    async (id: string) => {
      if (!projectId) return;
      await api.deleteConversation(projectId, id);
      window.localStorage.removeItem(`lectern.conversation.${projectId}.${id}`);
      setCurrentId((current) => (current === id ? null : current));
      await refresh();
    },
    [projectId, refresh, setCurrentId],
  );

  return { list, currentId, select: setCurrentId, create, rename, remove, refresh, error };
}
