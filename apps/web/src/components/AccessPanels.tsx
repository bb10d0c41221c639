import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client';
import type { ApiKey, Member, ProjectRole } from '../api/types';
import { errorMessage } from '../error-message';

const ROLES: ProjectRole[] = ['student', 'instructor', 'owner'];

/** The project's Members (roles, removal, invite links) and API keys, for its instructors and owners. */
export function AccessPanels({ projectId, role }: { projectId: string; role: ProjectRole | null }) {
  const owner = role === 'owner';
  const [members, setMembers] = useState<Member[]>([]);
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [link, setLink] = useState<string | null>(null);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [inviteRole, setInviteRole] = useState<ProjectRole>('student');
  const [keyName, setKeyName] = useState('');
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setMembers(await api.members(projectId));
      if (owner) setKeys(await api.apiKeys(projectId));
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [projectId, owner]);

  useEffect(() => {
    void load();
  }, [load]);

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      await load();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <>
      <details className="project-settings members-panel">
        <summary>Members</summary>
        <ul className="member-list" aria-label="Members">
          {members.map((m) => (
            <li key={m.userId}>
              <span className="member-name" title={m.email}>
                {m.displayName || m.email}
              </span>
              {owner ? (
                <>
                  <select
                    aria-label={`Role of ${m.email}`}
                    value={m.role}
                    onChange={(e) => void run(() => api.changeRole(projectId, m.userId, e.target.value as ProjectRole))}
                  >
                    {ROLES.map((r) => (
                      <option key={r}>{r}</option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    onClick={() => void run(() => api.removeMember(projectId, m.userId))}
                  >
                    Remove
                  </button>
                </>
              ) : (
                <span className="muted small">{m.role}</span>
              )}
            </li>
          ))}
        </ul>
        <div className="inline-form">
          <label htmlFor="invite-role">Invite as</label>
          <select id="invite-role" value={inviteRole} onChange={(e) => setInviteRole(e.target.value as ProjectRole)}>
            {ROLES.filter((r) => owner || r !== 'owner').map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-small"
            onClick={() =>
              void run(async () => {
                setCopied(false);
                setLink((await api.createInvite(projectId, inviteRole)).url);
              })
            }
          >
            Create invite link
          </button>
        </div>
        {link && (
          <div className="inline-form">
            <input readOnly value={link} aria-label="Invite link" onFocus={(e) => e.target.select()} />
            <button type="button" className="btn btn-small" onClick={() => void copy(link)}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
        )}
      </details>
      {owner && (
        <details className="project-settings keys-panel">
          <summary>API keys</summary>
          <ul className="member-list" aria-label="API keys">
            {keys.map((k) => (
              <li key={k.id}>
                <span className="member-name">
                  {k.name} <code>{k.prefix}…</code> <span className="muted small">{k.role}</span>
                </span>
                {k.revokedAt ? (
                  <span className="muted small">revoked</span>
                ) : (
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => void run(() => api.revokeApiKey(k.id))}>
                    Revoke
                  </button>
                )}
              </li>
            ))}
          </ul>
          <form
            className="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (keyName.trim()) void run(async () => setNewKey((await api.createApiKey(projectId, keyName.trim(), 'student')).key));
            }}
          >
            <input
              value={keyName}
              onChange={(e) => setKeyName(e.target.value)}
              placeholder="Key name, e.g. grader"
              aria-label="New key name"
            />
            <button type="submit" className="btn btn-small">
              Create key
            </button>
          </form>
          {newKey && (
            <p className="small">
              Shown once: <code className="new-key">{newKey}</code>
            </p>
          )}
        </details>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
