import { plural } from '../plural';
import { useState, type FormEvent, type MouseEvent } from 'react';
import type { Project } from '../api/types';
import { errorMessage } from '../error-message';

interface Props {
  projects: Project[];
  currentId: string | null;
  onSelect: (id: string) => void;
  /** Absent when the caller may not create projects (only admins may). */
  onCreate?: (name: string) => Promise<void>;
}

/** The projects (courses, labs) as links — each is a shareable address — and a form to start a new one. */
export function ProjectPicker({ projects, currentId, onSelect, onCreate }: Props) {
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setPending(true);
    setError(null);
    try {
      await onCreate?.(trimmed);
      setName('');
      setCreating(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  const open = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    // A plain click stays in the app; a middle or modified click opens the link in a new tab as usual.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onSelect(id);
  };

  const showForm = creating || projects.length === 0;
  return (
    <div className="project-picker">
      {projects.length > 0 && (
        <nav aria-labelledby="projects-heading">
          <h2 id="projects-heading" className="field-label">
            Projects
          </h2>
          <ul className="project-list">
            {projects.map((p) => (
              <li key={p.id}>
                <a
                  href={`/p/${encodeURIComponent(p.id)}`}
                  aria-current={p.id === currentId ? 'page' : undefined}
                  onClick={(e) => open(e, p.id)}
                >
                  <span className="project-name">{p.name}</span>
                  <span className="project-count" aria-label={plural(p.documentCount, 'paper')}>
                    {p.documentCount}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {!onCreate ? null : showForm ? (
        <form className="create-project" onSubmit={(e) => void submit(e)}>
          <label htmlFor="new-project" className="field-label">
            New project
          </label>
          <div className="inline-form">
            <input
              id="new-project"
              value={name}
              maxLength={100}
              placeholder="e.g. BIOL 301 — Spring"
              onChange={(e) => setName(e.target.value)}
              autoFocus={projects.length > 0}
            />
            <button type="submit" className="btn btn-primary" disabled={pending || !name.trim()}>
              Create
            </button>
          </div>
          {projects.length > 0 && (
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setCreating(false)}>
              Cancel
            </button>
          )}
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </form>
      ) : (
        <button type="button" className="btn btn-ghost btn-small new-project-btn" onClick={() => setCreating(true)}>
          + New project
        </button>
      )}
    </div>
  );
}
