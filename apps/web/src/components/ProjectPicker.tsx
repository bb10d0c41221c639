import { useState, type FormEvent } from 'react';
import type { Project } from '../api/types';

interface Props {
  projects: Project[];
  currentId: string | null;
  onSelect: (id: string) => void;
  onCreate: (name: string) => Promise<void>;
}

/** Switch between projects (courses, labs) or start a new one. */
export function ProjectPicker({ projects, currentId, onSelect, onCreate }: Props) {
  const [creating, setCreating] = useState(projects.length === 0);
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
      await onCreate(trimmed);
      setName('');
      setCreating(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="project-picker">
      {projects.length > 0 && (
        <>
          <label htmlFor="project-select" className="field-label">
            Project
          </label>
          <select id="project-select" value={currentId ?? ''} onChange={(e) => e.target.value && onSelect(e.target.value)}>
            {!currentId && <option value="">Choose a project…</option>}
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.documentCount})
              </option>
            ))}
          </select>
        </>
      )}
      {creating || projects.length === 0 ? (
        <form className="create-project" onSubmit={(e) => void submit(e)}>
          <label htmlFor="new-project" className="field-label">
            New project
          </label>
          <div className="inline-form">
            <input id="new-project" value={name} maxLength={100} placeholder="e.g. BIOL 301 — Spring" onChange={(e) => setName(e.target.value)} autoFocus={projects.length > 0} />
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
