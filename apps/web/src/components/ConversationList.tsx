import { useState } from 'react';
import { api } from '../api/client';
import type { Conversation } from '../api/types';
import { plural } from '../plural';
import { errorMessage } from '../error-message';

interface Props {
  projectId: string;
  conversations: Conversation[];
  currentId: string | null;
  error: string | null;
  onSelect: (id: string) => void;
  onCreate: () => Promise<void>;
  onRename: (id: string, title: string) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
}

/** The project's conversations: pick one, start a new one; rename, export (Markdown) or delete the one shown. */
export function ConversationList(props: Props) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const act = (work: () => Promise<void>) =>
    void work().then(
      () => setProblem(null),
      (e: unknown) => setProblem(errorMessage(e)),
    );

  return (
    <section className="conversations" aria-label="Conversations">
      <div className="conversations-head">
        <h2>Conversations</h2>
        <button type="button" className="btn btn-small" onClick={() => act(props.onCreate)}>
          New
        </button>
      </div>
      {(props.error ?? problem) && (
        <p className="field-error" role="alert">
          {props.error ?? problem}
        </p>
      )}
      <ul className="conversation-list">
        {props.conversations.map((c) => {
          const current = c.id === props.currentId;
          return (
            <li key={c.id} className={`conversation${current ? ' is-current' : ''}`}>
              {renaming === c.id ? (
                <form
                  className="conversation-rename"
                  onSubmit={(e) => {
                    e.preventDefault();
                    act(async () => {
                      await props.onRename(c.id, draft);
                      setRenaming(null);
                    });
                  }}
                >
                  <input
                    aria-label="New title of the conversation"
                    value={draft}
                    maxLength={200}
                    onChange={(e) => setDraft(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Escape') {
                        e.preventDefault();
                        setRenaming(null);
                      }
                    }}
                    autoFocus
                  />
                  <button type="submit" className="btn btn-small" disabled={!draft.trim()}>
                    Save
                  </button>
                </form>
              ) : (
                <button
                  type="button"
                  className="conversation-title"
                  aria-current={current ? 'true' : undefined}
                  onClick={() => props.onSelect(c.id)}
                  title={`${c.title} (${plural(c.messageCount, 'message')})`}
                >
                  {c.title}
                </button>
              )}
              {current && renaming !== c.id && (
                <span className="conversation-actions">
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    onClick={() => {
                      setDraft(c.title);
                      setRenaming(c.id);
                    }}
                    aria-label={`Retitle ${c.title}`}
                  >
                    Retitle
                  </button>
                  <a className="btn btn-ghost btn-small" href={api.conversationExportUrl(props.projectId, c.id)} download>
                    Export
                  </a>
                  {confirming === c.id ? (
                    <button
                      type="button"
                      className="btn btn-small btn-danger"
                      onClick={() => act(() => props.onDelete(c.id).then(() => setConfirming(null)))}
                      onBlur={() => setConfirming(null)}
                      autoFocus
                    >
                      Delete?
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      onClick={() => setConfirming(c.id)}
                      aria-label={`Delete ${c.title}`}
                    >
                      Delete
                    </button>
                  )}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
