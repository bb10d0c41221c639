import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ChatSettings } from '../api/types';
import type { Citation, Message } from '../hooks/useConversation';
import { useStoredState } from '../hooks/useStoredState';
import { MessageView } from './MessageView';
import { SettingsPopover } from './SettingsPopover';

interface Props {
  projectName: string;
  readyCount: number;
  messages: Message[];
  busy: boolean;
  llmConfigured: boolean | null;
  settings: ChatSettings;
  onSettings: (settings: ChatSettings) => void;
  explore: boolean;
  onExplore: (on: boolean) => void;
  onSend: (question: string) => void;
  /** Asks a failed question again, in the mode it was asked in. */
  onRetry: (question: string, explore: boolean) => void;
  onStop: () => void;
  onClear: () => void;
  titleOf: (articleId: string) => string | undefined;
  onOpenCitation: (message: Message, citation: Citation) => void;
  activeCitation: { messageId: string; n: number } | null;
  /** The one paper questions are asked about, shown as a removable chip; null: every paper of the project. */
  scope: PaperScope | null;
  onClearScope: () => void;
}

export interface PaperScope {
  articleId: string;
  title: string;
}

export function ChatPanel(props: Props) {
  const { messages, busy, explore, readyCount } = props;
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const exploreId = useId();
  const last = messages[messages.length - 1];
  // Whether the reader was at the bottom before the last update: measured on scroll, since after an update the
  // new content has already moved the bottom away.
  const following = useRef(true);
  const [clearArmed, setClearArmed] = useState(false);
  const [bannerDismissed, setBannerDismissed] = useStoredState('lectern.noLlmBannerDismissed', false);
  const showBanner = props.llmConfigured === false && !bannerDismissed;

  useEffect(() => {
    const el = list.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  useEffect(() => {
    if (!clearArmed) return;
    const timer = window.setTimeout(() => setClearArmed(false), 4000);
    return () => window.clearTimeout(timer);
  }, [clearArmed]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const question = draft.trim();
    if (!question || busy) return;
    following.current = true;
    props.onSend(question);
    setDraft('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <section className="chat" aria-label="Chat">
      <header className="chat-header">
        <div className="chat-title">
          <h1>{props.projectName}</h1>
          <span className="muted">
            {readyCount} {readyCount === 1 ? 'paper' : 'papers'} ready
          </span>
        </div>
        <div className="chat-tools">
          <label className="switch" htmlFor={exploreId} title="Let an agent navigate the papers section by section">
            <input id={exploreId} type="checkbox" role="switch" checked={explore} onChange={(e) => props.onExplore(e.target.checked)} />
            <span className="switch-track" aria-hidden="true" />
            <span>Explore mode</span>
          </label>
          <SettingsPopover
            settings={props.settings}
            onChange={props.onSettings}
            llmConfigured={props.llmConfigured === true}
            disabled={explore}
          />
          {clearArmed ? (
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                setClearArmed(false);
                props.onClear();
              }}
              onBlur={() => setClearArmed(false)}
              autoFocus
            >
              Clear all?
            </button>
          ) : (
            <button type="button" className="btn btn-ghost" onClick={() => setClearArmed(true)} disabled={messages.length === 0 || busy}>
              Clear
            </button>
          )}
        </div>
      </header>

      {showBanner && (
        <div className="banner banner-info" role="status">
          <p>
            <strong>No LLM is configured.</strong>{' '}
            <span className="banner-detail">
              Answers are extractive: the best sentences from the papers, cited. Set <code>OPENAI_BASE_URL</code> and <code>LLM_MODEL</code>{' '}
              for written answers.
            </span>
          </p>
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            onClick={() => setBannerDismissed(true)}
            aria-label="Dismiss the notice about the LLM"
          >
            ×
          </button>
        </div>
      )}

      <div
        className="messages"
        ref={list}
        tabIndex={0}
        role="region"
        aria-label="Conversation"
        onScroll={(e) => {
          const el = e.currentTarget;
          following.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
      >
        {messages.length === 0 ? (
          <div className="empty-chat">
            <h3>Ask about the papers in {props.projectName}</h3>
            <p>
              Answers cite the paper, section and page; click a citation to see the page.
              {explore ? ' In explore mode an agent reads the papers section by section and shows its trail.' : ''}
            </p>
            {readyCount === 0 && <p className="muted">Upload PDFs on the left first; they are ready in seconds.</p>}
          </div>
        ) : (
          messages.map((m) => (
            <MessageView
              key={m.id}
              onRetry={m.role === 'assistant' && m.status === 'error' ? () => retryOf(messages, m, props.onRetry) : undefined}
              message={m}
              titleOf={props.titleOf}
              onOpenCitation={props.onOpenCitation}
              activeCitation={props.activeCitation}
              showNoLlmNotice={!showBanner}
            />
          ))
        )}
      </div>

      <div className="visually-hidden" role="status">
        {announcement(last)}
      </div>

      {props.scope && (
        <div className="scope-bar">
          <span className="scope-chip" data-testid="scope-chip">
            <span className="scope-chip-label">Only: {props.scope.title}</span>
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              onClick={props.onClearScope}
              aria-label={`Stop asking only ${props.scope.title}; ask every paper`}
            >
              ×
            </button>
          </span>
        </div>
      )}
      <form className="composer" onSubmit={submit}>
        <label htmlFor="question" className="visually-hidden">
          Your question
        </label>
        <textarea
          id="question"
          ref={input}
          value={draft}
          rows={2}
          maxLength={20000}
          placeholder={explore ? 'Ask the agent to find something in the papers…' : 'Ask a question about the papers…'}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {/* One button that turns into Stop and back, so keyboard focus stays on it. */}
        <button
          type={busy ? 'button' : 'submit'}
          className={busy ? 'btn' : 'btn btn-primary'}
          onClick={busy ? props.onStop : undefined}
          disabled={!busy && !draft.trim()}
        >
          {busy ? 'Stop' : explore ? 'Explore' : 'Ask'}
        </button>
      </form>
    </section>
  );
}

/** One line for screen readers per change of state, not per streamed token. */
function announcement(last: Message | undefined): string {
  if (!last || last.role !== 'assistant') return '';
  if (last.status === 'streaming') return last.kind === 'explore' ? 'The agent is reading the papers.' : 'Searching the papers.';
  if (last.status === 'error') return `The answer failed: ${last.error ?? 'unknown error'}`;
  const n = last.citations?.length ?? 0;
  return n > 0 ? `Answer ready, citing ${n} ${n === 1 ? 'source' : 'sources'}.` : 'Answer ready.';
}

function retryOf(messages: Message[], failed: Message, retry: (question: string, explore: boolean) => void): void {
  const index = messages.indexOf(failed);
  const question = [...messages.slice(0, index)].reverse().find((m) => m.role === 'user');
  if (question) retry(question.content, question.kind === 'explore');
}
