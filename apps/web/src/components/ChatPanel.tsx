import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ChatSettings } from '../api/types';
import type { Citation, Message } from '../hooks/useConversation';
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
  onStop: () => void;
  onClear: () => void;
  titleOf: (articleId: string) => string | undefined;
  onOpenCitation: (message: Message, citation: Citation) => void;
  activeCitation: { messageId: string; n: number } | null;
}

export function ChatPanel(props: Props) {
  const { messages, busy, explore, readyCount } = props;
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const exploreId = useId();
  const last = messages[messages.length - 1];

  // Follow the stream while the reader is at the bottom; leave them alone if they scrolled up to read.
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 160;
    if (nearBottom || last?.role === 'user') el.scrollTop = el.scrollHeight;
  }, [messages, last]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const question = draft.trim();
    if (!question || busy) return;
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
          <h2>{props.projectName}</h2>
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
          <SettingsPopover settings={props.settings} onChange={props.onSettings} llmConfigured={props.llmConfigured === true} />
          <button type="button" className="btn btn-ghost" onClick={props.onClear} disabled={messages.length === 0 || busy}>
            Clear
          </button>
        </div>
      </header>

      {props.llmConfigured === false && (
        <div className="banner banner-info" role="status">
          <strong>No LLM is configured.</strong> Answers are extractive: the best sentences from the papers, cited. Set{' '}
          <code>OPENAI_BASE_URL</code> and <code>LLM_MODEL</code> for written answers.
        </div>
      )}

      <div className="messages" ref={list} role="log" aria-live="polite" aria-relevant="additions" tabIndex={0} aria-label="Conversation">
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
              message={m}
              titleOf={props.titleOf}
              onOpenCitation={props.onOpenCitation}
              activeCitation={props.activeCitation}
              showNoLlmNotice={props.llmConfigured !== false}
            />
          ))
        )}
      </div>

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
        {busy ? (
          <button type="button" className="btn" onClick={props.onStop}>
            Stop
          </button>
        ) : (
          <button type="submit" className="btn btn-primary" disabled={!draft.trim()}>
            {explore ? 'Explore' : 'Ask'}
          </button>
        )}
      </form>
    </section>
  );
}
