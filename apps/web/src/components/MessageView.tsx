import { plural } from '../plural';
import { useState } from 'react';
import type { Citation, Message } from '../hooks/useConversation';
import { AnswerMarkdown } from './AnswerMarkdown';
import { CitationChips } from './CitationChips';
import { ExploreTrail } from './ExploreTrail';
import { NO_ANSWER, visibleNotice } from './message-notice';

interface Props {
  message: Message;
  titleOf: (articleId: string) => string | undefined;
  onOpenCitation: (message: Message, citation: Citation) => void;
  activeCitation: { messageId: string; n: number } | null;
  /** False when the banner above the chat already says answers are extractive. */
  showNoLlmNotice: boolean;
  /** Set on a failed answer: ask its question again. */
  onRetry?: () => void;
}

export function MessageView({ message, titleOf, onOpenCitation, activeCitation, showNoLlmNotice, onRetry }: Props) {
  if (message.role === 'user') {
    return (
      <article className="message message-user" aria-label="Your question">
        {message.kind === 'explore' && <span className="badge badge-explore">Explore</span>}
        <p>{message.content}</p>
      </article>
    );
  }
  const streaming = message.status === 'streaming';
  const citations = message.citations ?? [];
  const open = (n: number) => {
    const citation = citations.find((c) => c.n === n);
    if (citation) onOpenCitation(message, citation);
  };
  const sourcesSayNothing = message.status === 'done' && citations.length === 0 && NO_ANSWER.test(message.content);
  const notice = visibleNotice(message.notice, { refusal: sourcesSayNothing, showNoLlmNotice });
  return (
    <article className={`message message-assistant${sourcesSayNothing ? ' is-no-answer' : ''}`} aria-label="Answer" aria-busy={streaming}>
      {message.kind === 'explore' && <ExploreTrail steps={message.steps ?? []} live={streaming} />}
      {sourcesSayNothing ? (
        <div className="no-answer" role="note">
          <strong>The sources don’t say.</strong>
          <p>
            Nothing in this project’s papers answers that question, so Lectern won’t guess. Try other words, or upload the paper that covers
            it.
          </p>
        </div>
      ) : message.content ? (
        <AnswerMarkdown text={message.content} citations={citations.map((c) => c.n)} onCite={open} />
      ) : streaming ? (
        <p className="thinking">
          <span className="spinner" aria-hidden="true" />
          {message.kind === 'explore'
            ? 'The agent is reading…'
            : message.sources
              ? `Reading ${plural(message.sources.length, 'passage')}…`
              : 'Searching the papers…'}
        </p>
      ) : null}
      {message.error && (
        <div className="message-error" role="alert">
          <p>{message.error}</p>
          {onRetry && (
            <button type="button" className="btn btn-small" onClick={onRetry}>
              Try again
            </button>
          )}
        </div>
      )}
      <CitationChips
        citations={citations}
        titleOf={titleOf}
        onOpen={(c) => onOpenCitation(message, c)}
        active={activeCitation}
        messageId={message.id}
      />
      {message.status !== 'streaming' && message.notes && message.notes.length > 0 && (
        <ul className="retrieval-notes" aria-label="How the passages were found">
          {message.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {message.status !== 'streaming' && (
        <footer className="message-footer">
          {notice && <span className="notice-inline">{notice}</span>}
          <span className="message-meta">
            {message.via ? `${message.via}` : ''}
            {message.llm === false ? ' · extractive' : ''}
          </span>
          {message.content && <CopyButton text={message.content} />}
        </footer>
      )}
    </article>
  );
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard API refused (insecure context): fall back to a hidden textarea.
      const area = document.createElement('textarea');
      area.value = text;
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 1500);
  };
  return (
    <button
      type="button"
      className="btn btn-ghost btn-small"
      onClick={() => void copy()}
      aria-label={copied ? 'Answer copied' : 'Copy answer'}
      aria-live="polite"
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
