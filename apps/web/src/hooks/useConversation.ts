import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api/client';
import type { ServerEvent } from '../api/sse';
import type { ChatCitation, ChatResponse, ChatSettings, ChatSource, ExploreCitation, ExploreResult, ExploreStep } from '../api/types';

/** A citation chip: chat citations carry the context; the agent's carry article, section and page. */
export interface Citation {
  n: number;
  articleId: string;
  articleTitle?: string;
  sectionNumber: string;
  sectionTitle: string;
  page: number;
  contextId?: string;
}

export interface Message {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  kind: 'chat' | 'explore';
  status: 'streaming' | 'done' | 'error';
  createdAt: string;
  citations?: Citation[];
  sources?: ChatSource[];
  steps?: ExploreStep[];
  notice?: string;
  notes?: string[];
  /** The retrieval mode the answer used, or the agent's navigator. */
  via?: string;
  llm?: boolean;
  error?: string;
}

const STORAGE_PREFIX = 'lectern.conversation.';
const MAX_STORED = 100;
/** Earlier turns sent with a chat question, so follow-ups keep their context. */
const HISTORY_TURNS = 6;

function load(projectId: string): Message[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_PREFIX + projectId);
    const messages = raw ? (JSON.parse(raw) as Message[]) : [];
    // A reload mid-answer leaves a half message: keep what arrived and say it was cut short.
    return messages.map((m) => (m.status === 'streaming' ? { ...m, status: 'error', error: 'Interrupted before it finished (the page was reloaded or left).' } : m));
  } catch {
    return [];
  }
}

function save(projectId: string, messages: Message[]): void {
  try {
    window.localStorage.setItem(STORAGE_PREFIX + projectId, JSON.stringify(messages.slice(-MAX_STORED)));
  } catch {
    // Storage full or disabled (private mode): the conversation still works, it just won't survive a reload.
  }
}

let counter = 0;
function newId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${counter}`;
}

export function chatCitation(c: ChatCitation): Citation {
  return { ...c };
}

export function exploreCitations(citations: ExploreCitation[]): Citation[] {
  return citations.map((c, i) => ({ ...c, n: i + 1 }));
}

export function useConversation(projectId: string | null) {
  // The messages travel with the project they belong to, so a switch never saves one project's chat under another.
  const [state, setState] = useState(() => ({ projectId, messages: projectId ? load(projectId) : [] }));
  const abort = useRef<AbortController | null>(null);
  const messages = state.projectId === projectId ? state.messages : [];
  const latest = useRef(messages);
  latest.current = messages;

  useEffect(() => {
    abort.current?.abort();
    setState((old) => (old.projectId === projectId ? old : { projectId, messages: projectId ? load(projectId) : [] }));
  }, [projectId]);

  useEffect(() => {
    if (state.projectId) save(state.projectId, state.messages);
  }, [state]);

  const setMessages = useCallback(
    (change: (list: Message[]) => Message[]) => setState((old) => (old.projectId === projectId ? { ...old, messages: change(old.messages) } : old)),
    [projectId],
  );

  const patch = useCallback(
    (id: string, change: (m: Message) => Partial<Message>) => setMessages((list) => list.map((m) => (m.id === id ? { ...m, ...change(m) } : m))),
    [setMessages],
  );

  const send = useCallback(
    async (question: string, options: { explore: boolean; settings: ChatSettings }) => {
      if (!projectId || abort.current) return;
      const controller = new AbortController();
      abort.current = controller;
      const kind = options.explore ? 'explore' : 'chat';
      const user: Message = { id: newId(), role: 'user', content: question, kind, status: 'done', createdAt: new Date().toISOString() };
      const answer: Message = { id: newId(), role: 'assistant', content: '', kind, status: 'streaming', createdAt: new Date().toISOString(), steps: [] };
      // From the rendered messages: a state updater runs later, too late to read the history from.
      const history = latest.current
        .filter((m) => m.kind === 'chat' && m.status === 'done' && m.content.trim() !== '')
        .slice(-HISTORY_TURNS * 2)
        .map((m) => ({ role: m.role, content: m.content }));
      setMessages((list) => [...list, user, answer]);
      try {
        const events = options.explore
          ? await api.explore(projectId, question, controller.signal)
          : await api.chat(projectId, [...history, { role: 'user', content: question }], options.settings, controller.signal);
        for await (const event of events) applyEvent(event, answer.id, patch);
        patch(answer.id, (m) => (m.status === 'streaming' ? { status: 'done' } : {}));
      } catch (e) {
        const stopped = controller.signal.aborted;
        patch(answer.id, () => ({ status: stopped ? 'done' : 'error', ...(stopped ? { notice: 'Stopped.' } : { error: e instanceof Error ? e.message : String(e) }) }));
      } finally {
        abort.current = null;
      }
    },
    [projectId, patch, setMessages],
  );

  const stop = useCallback(() => abort.current?.abort(), []);
  const clear = useCallback(() => {
    abort.current?.abort();
    setMessages(() => []);
  }, [setMessages]);

  return { messages, send, stop, clear, busy: messages.some((m) => m.status === 'streaming') };
}

function applyEvent(event: ServerEvent, id: string, patch: (id: string, change: (m: Message) => Partial<Message>) => void): void {
  switch (event.event) {
    case 'retrieval': {
      const data = event.data as { mode: string; sources: ChatSource[]; notes: string[] };
      patch(id, () => ({ sources: data.sources, via: data.mode, notes: data.notes }));
      return;
    }
    case 'token':
      patch(id, (m) => ({ content: m.content + (event.data as { text: string }).text }));
      return;
    case 'citation':
      patch(id, (m) => ({ citations: [...(m.citations ?? []), chatCitation(event.data as ChatCitation)] }));
      return;
    case 'step':
      patch(id, (m) => ({ steps: [...(m.steps ?? []), event.data as ExploreStep] }));
      return;
    case 'answer': {
      const data = event.data as { answer: string; citations: ExploreCitation[] };
      patch(id, () => ({ content: data.answer, citations: exploreCitations(data.citations) }));
      return;
    }
    case 'done': {
      if ('steps' in (event.data as object)) {
        const data = event.data as ExploreResult;
        patch(id, () => ({
          status: 'done',
          content: data.answer,
          citations: exploreCitations(data.citations),
          steps: data.steps,
          notice: data.notice,
          via: data.navigator === 'llm' ? 'agent (LLM)' : 'agent (heuristic)',
          llm: data.navigator === 'llm',
        }));
      } else {
        const data = event.data as ChatResponse;
        patch(id, (m) => ({
          status: 'done',
          content: data.answer,
          citations: data.citations.map(chatCitation),
          notice: data.notice,
          notes: data.retrieval.notes,
          via: data.mode,
          llm: data.llm.used,
          sources: m.sources,
        }));
      }
      return;
    }
    case 'error': {
      const data = event.data as { message: string; errorId?: string };
      patch(id, () => ({ status: 'error', error: data.errorId ? `${data.message} (error id ${data.errorId})` : data.message }));
      return;
    }
    default:
      return;
  }
}
