import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api/client';
import type { ServerEvent } from '../api/sse';
import type {
  ConversationDetail,
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
import { errorMessage } from '../error-message';

/** A citation chip: chat citations carry the context; the agent's carry article, section and page. */
export interface Citation {
  n: number;
  articleId: string;
  articleTitle?: string;
  sectionNumber: string;
  sectionTitle: string;
  /** The quoted sentence's page (the passage's when nothing is quoted); `pageEnd` when the sentence runs onto the next. */
  page: number;
  pageEnd?: number;
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

/** Where a conversation's messages are cached in this browser (the server keeps the finished turns). */
function storageKey(projectId: string, conversationId: string | null): string {
  return STORAGE_PREFIX + projectId + (conversationId ? `.${conversationId}` : '');
}

/** A server-kept conversation's messages as the chat shows them: chat turns and explore turns with their trail. */
export function serverMessages(detail: ConversationDetail): Message[] {
  return detail.messages.map((m, i) => ({
    id: `${detail.id}-${i}`,
    role: m.role,
    content: m.content,
    kind: m.kind,
    status: 'done' as const,
    createdAt: m.createdAt,
    citations: m.role !== 'assistant' ? undefined : m.kind === 'explore' ? exploreCitations(m.citations) : m.citations.map(chatCitation),
    ...(m.steps ? { steps: m.steps, via: 'agent' } : {}),
    notice: m.notice ?? undefined,
  }));
}

/** The finished messages of a list: what the server would have of it. */
function keptMessages(messages: Message[]): number {
  return messages.filter((m) => m.status === 'done' && !m.partial).length;
}

function load(key: string): Message[] {
  try {
    const raw = window.localStorage.getItem(key);
    const messages = raw ? (JSON.parse(raw) as Message[]) : [];
    // A reload mid-answer leaves a half message: keep what arrived and say it was cut short.
    return messages.map((m) =>
      m.status === 'streaming' ? { ...m, status: 'error', error: 'Interrupted before it finished (the page was reloaded or left).' } : m,
    );
  } catch {
    return [];
  }
}

function save(key: string, messages: Message[]): void {
  for (const keep of [MAX_STORED, MIN_STORED]) {
    try {
      window.localStorage.setItem(key, JSON.stringify(messages.slice(-keep)));
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

export function chatCitation(c: ChatCitation | ExploreCitation): Citation {
  return { ...c, n: c.n ?? 0 };
}

export function exploreCitations(citations: ExploreCitation[]): Citation[] {
  return citations.map((c, i) => ({ ...c, n: c.n ?? i + 1 }));
}

/**
 * The messages of one conversation of a project. With a server-kept conversation (`conversationId`), each chat turn
 * is appended there by the server and its messages are loaded from it; this browser also caches them, so a reload
 * mid-answer keeps what had arrived. `onSaved` runs after a turn the server kept (its title may have changed).
 */
export function useConversation(projectId: string | null, conversationId: string | null = null, onSaved?: () => void) {
  // The messages travel with the conversation they belong to, so a switch never saves one chat under another.
  const key = projectId ? storageKey(projectId, conversationId) : null;
  const [state, setState] = useState(() => ({ key, messages: key ? load(key) : [] }));
  const abort = useRef<AbortController | null>(null);
  const messages = state.key === key ? state.messages : [];
  const latest = useRef(messages);
  latest.current = messages;
  const saved = useRef(onSaved);
  saved.current = onSaved;

  useEffect(() => {
    abort.current?.abort();
    setState((old) => (old.key === key ? old : { key, messages: key ? load(key) : [] }));
    if (!projectId || !conversationId) return;
    // The server has every finished turn, from this browser or another: it replaces the cache unless a turn streams.
    let current = true;
    api.conversation(projectId, conversationId).then(
      (detail) => {
        if (!current || abort.current) return;
        // The server keeps every finished chat and explore turn. This browser's cache wins unless the server has more
        // (asked from another browser, or the cache was lost), since it also holds answers cut short.
        const fromServer = serverMessages(detail);
        setState((old) => (old.key === key && fromServer.length > keptMessages(old.messages) ? { key, messages: fromServer } : old));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [key, projectId, conversationId]);

  // Saved at once when nothing streams; while tokens arrive, at most once a second rather than per token.
  useEffect(() => {
    const { key: id, messages: list } = state;
    if (!id) return;
    if (!list.some((m) => m.status === 'streaming')) {
      save(id, list);
      return;
    }
    const timer = window.setTimeout(() => save(id, list), STREAM_SAVE_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  // Another tab of the same conversation saved it: show it here too, unless this tab is mid-answer.
  useEffect(() => {
    if (!key) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key || abort.current) return;
      setState({ key, messages: load(key) });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key]);

  const setMessages = useCallback(
    (change: (list: Message[]) => Message[]) => setState((old) => (old.key === key ? { ...old, messages: change(old.messages) } : old)),
    [key],
  );

  const patch = useCallback(
    (id: string, change: (m: Message) => Partial<Message>) =>
      setMessages((list) => list.map((m) => (m.id === id ? { ...m, ...change(m) } : m))),
    [setMessages],
  );

  const send = useCallback(
    async (question: string, options: { explore: boolean; settings: ChatSettings; articleIds?: string[] }) => {
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
      const target = {
        ...(options.articleIds ? { articleIds: options.articleIds } : {}),
        ...(conversationId ? { conversationId } : {}),
      };
      try {
        const events = options.explore
          ? await api.explore(projectId, question, controller.signal, target)
          : await api.chat(projectId, [...history, { role: 'user', content: question }], options.settings, controller.signal, target);
        for await (const event of events) applyEvent(event, answer.id, patch);
        if (conversationId && !controller.signal.aborted) saved.current?.();
        // The stream closed without its done or error event (server restarted, proxy timed out): say so.
        if (!controller.signal.aborted) {
          patch(answer.id, (m) =>
            m.status === 'streaming'
              ? { status: 'error', error: 'The connection closed before the answer finished; what arrived is shown above.' }
              : {},
          );
        }
      } catch (e) {
        if (!controller.signal.aborted) patch(answer.id, () => ({ status: 'error', error: errorMessage(e) }));
      } finally {
        abort.current = null;
      }
      // Stopped by the reader, whether the stream ended quietly or with an abort error.
      if (controller.signal.aborted)
        patch(answer.id, () => ({ status: 'done', partial: true, notice: 'Stopped before the answer finished.' }));
    },
    [projectId, conversationId, patch, setMessages],
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
