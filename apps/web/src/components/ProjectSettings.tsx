import { useState, type FormEvent } from 'react';
import type { Project } from '../api/types';
import { errorMessage } from '../error-message';

interface Props {
  project: Project;
  onRename: (name: string) => Promise<void>;
  onDelete: () => Promise<void>;
}

/** Rename the current project, or delete it with everything in it (asked twice, naming what goes). */
export function ProjectSettings({ project, onRename, onDelete }: Props) {
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  const rename = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (trimmed && trimmed !== project.name) void run(() => onRename(trimmed));
  };

  const papers = project.stats?.documents ?? project.documentCount;
  return (
    <details className="project-settings">
      <summary>Project settings</summary>
      <form className="inline-form" onSubmit={rename}>
        <label htmlFor="rename-project" className="visually-hidden">
          Project name
        </label>
        <input id="rename-project" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="btn btn-small" disabled={pending || !name.trim() || name.trim() === project.name}>
          Rename
        </button>
      </form>
      {confirming ? (
        <div className="danger-confirm" role="group" aria-label="Confirm deleting the project">
          <p>
            Delete “{project.name}” with its {papers} {papers === 1 ? 'paper' : 'papers'}? This cannot be undone.
          </p>
          <button type="button" className="btn btn-danger btn-small" onClick={() => void run(onDelete)} disabled={pending} autoFocus>
            Delete project
          </button>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-ghost btn-small danger-link" onClick={() => setConfirming(true)}>
          Delete this project…
        </button>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </details>
  );
}
