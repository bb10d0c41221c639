import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api/client';
import type { ServerEvent } from '../api/sse';
import type {
  ChatCitation,
  ChatResponse,
  ChatRetrievalEvent,
  ChatSettings,
  ChatSource,
  ExploreAnswerEvent,
  ExploreCitation,
  ExploreResult,
  ExploreStep,
  StreamErrorEvent,
  TokenEvent,
} from '../api/types';

/** A citation chip: chat citations carry the context; the agent's carry article, section and page. */
export interface Citation {
  n: number;
  articleId: string;
  articleTitle?: string;
  sectionNumber: string;
  sectionTitle: string;
  page: number;
  contextId?: string;
  /** The cited sentence, highlighted inside its passage in the source view. */
  quote?: string;
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
  /** Stopped by the reader before it finished: shown, but not sent back as conversation history. */
  partial?: boolean;
}

const STORAGE_PREFIX = 'lectern.conversation.';
const MAX_STORED = 100;
/** When storage is full, keep at least the latest turns rather than nothing. */
const MIN_STORED = 10;
/** While an answer streams, its tokens are saved at most this often (a reload keeps what had arrived). */
const STREAM_SAVE_MS = 1_000;
/** Earlier turns sent with a chat question, so follow-ups keep their context. */
const HISTORY_TURNS = 6;

function load(projectId: string): Message[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_PREFIX + projectId);
    const messages = raw ? (JSON.parse(raw) as Message[]) : [];
    // A reload mid-answer leaves a half message: keep what arrived and say it was cut short.
    return messages.map((m) =>
      m.status === 'streaming' ? { ...m, status: 'error', error: 'Interrupted before it finished (the page was reloaded or left).' } : m,
    );
  } catch {
    return [];
  }
}

function save(projectId: string, messages: Message[]): void {
  for (const keep of [MAX_STORED, MIN_STORED]) {
    try {
      window.localStorage.setItem(STORAGE_PREFIX + projectId, JSON.stringify(messages.slice(-keep)));
      return;
    } catch {
      // Storage full: try again with fewer turns. Disabled (private mode): the chat works, it won't survive a reload.
    }
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
  return citations.map((c, i) => ({ ...c, n: c.n ?? i + 1 }));
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

  // Saved at once when nothing streams; while tokens arrive, at most once a second rather than per token.
  useEffect(() => {
    const { projectId: id, messages: list } = state;
    if (!id) return;
    if (!list.some((m) => m.status === 'streaming')) {
      save(id, list);
      return;
    }
    const timer = window.setTimeout(() => save(id, list), STREAM_SAVE_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  // Another tab of the same project saved its conversation: show it here too, unless this tab is mid-answer.
  useEffect(() => {
    if (!projectId) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_PREFIX + projectId || abort.current) return;
      setState({ projectId, messages: load(projectId) });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [projectId]);

  const setMessages = useCallback(
    (change: (list: Message[]) => Message[]) =>
      setState((old) => (old.projectId === projectId ? { ...old, messages: change(old.messages) } : old)),
    [projectId],
  );

  const patch = useCallback(
    (id: string, change: (m: Message) => Partial<Message>) =>
      setMessages((list) => list.map((m) => (m.id === id ? { ...m, ...change(m) } : m))),
    [setMessages],
  );

  const send = useCallback(
    async (question: string, options: { explore: boolean; settings: ChatSettings }) => {
      if (!projectId || abort.current) return;
      const controller = new AbortController();
      abort.current = controller;
      const kind = options.explore ? 'explore' : 'chat';
      const user: Message = { id: newId(), role: 'user', content: question, kind, status: 'done', createdAt: new Date().toISOString() };
      const answer: Message = {
        id: newId(),
        role: 'assistant',
        content: '',
        kind,
        status: 'streaming',
        createdAt: new Date().toISOString(),
        steps: [],
      };
      // From the rendered messages: a state updater runs later, too late to read the history from.
      const history = latest.current
        .filter((m) => m.kind === 'chat' && m.status === 'done' && !m.partial && m.content.trim() !== '')
        .slice(-HISTORY_TURNS * 2)
        .map((m) => ({ role: m.role, content: m.content }));
      setMessages((list) => [...list, user, answer]);
      try {
        const events = options.explore
          ? await api.explore(projectId, question, controller.signal)
          : await api.chat(projectId, [...history, { role: 'user', content: question }], options.settings, controller.signal);
        for await (const event of events) applyEvent(event, answer.id, patch);
        // The stream closed without its done or error event (server restarted, proxy timed out): say so.
        if (!controller.signal.aborted) {
          patch(answer.id, (m) =>
            m.status === 'streaming'
              ? { status: 'error', error: 'The connection closed before the answer finished; what arrived is shown above.' }
              : {},
          );
        }
      } catch (e) {
        if (!controller.signal.aborted) patch(answer.id, () => ({ status: 'error', error: e instanceof Error ? e.message : String(e) }));
      } finally {
        abort.current = null;
      }
      // Stopped by the reader, whether the stream ended quietly or with an abort error.
      if (controller.signal.aborted)
        patch(answer.id, () => ({ status: 'done', partial: true, notice: 'Stopped before the answer finished.' }));
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
      const data = event.data as ChatRetrievalEvent;
      patch(id, () => ({ sources: data.sources, via: data.mode, notes: data.notes }));
      return;
    }
    case 'token':
      patch(id, (m) => ({ content: m.content + (event.data as TokenEvent).text }));
      return;
    case 'citation':
      patch(id, (m) => ({ citations: [...(m.citations ?? []), chatCitation(event.data as ChatCitation)] }));
      return;
    case 'step':
      patch(id, (m) => ({ steps: [...(m.steps ?? []), event.data as ExploreStep] }));
      return;
    case 'answer': {
      const data = event.data as ExploreAnswerEvent;
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
      const data = event.data as StreamErrorEvent;
      patch(id, () => ({ status: 'error', error: data.errorId ? `${data.message} (error id ${data.errorId})` : data.message }));
      return;
    }
    default:
      return;
  }
}
