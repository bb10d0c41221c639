import { useState } from 'react';
import { api } from '../api/client';
import type { Me } from '../api/types';
import { errorMessage } from '../error-message';

/** Who is signed in, and sign-out (not shown with AUTH=off, where nobody signs in). */
export function UserMenu({ me }: { me: Me }) {
  const [error, setError] = useState<string | null>(null);
  if (me.via === 'auth-off') return null;
  const signOut = async () => {
    try {
      await api.logout();
      window.location.assign('/login');
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <details className="user-menu">
      <summary aria-label={`Account: ${me.user.email}`}>
        {me.user.displayName || me.user.email}
        {me.admin ? <span className="muted small"> · admin</span> : null}
      </summary>
      <p className="muted small">{me.user.email}</p>
      <button type="button" className="btn btn-small" onClick={() => void signOut()}>
        Sign out
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </details>
  );
}
