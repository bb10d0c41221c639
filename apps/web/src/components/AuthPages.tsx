import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { api } from '../api/client';
import type { AuthConfig, InvitePreview } from '../api/types';
import { errorMessage } from '../error-message';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

function useSubmit(action: () => Promise<void>) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };
  return { error, pending, submit };
}

/** Email and password, and "Sign in with …" when the server has an OIDC provider. */
export function SignInPage({ config, onSignedIn }: { config: AuthConfig; onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, pending, submit } = useSubmit(async () => {
    await api.login(email, password);
    onSignedIn();
  });
  return (
    <Card title="Sign in to Lectern">
      {config.setupOpen && <p className="muted">No account exists yet: open the setup link printed in the server's log.</p>}
      <form className="auth-form" onSubmit={(e) => void submit(e)}>
        <label htmlFor="email">Email</label>
        <input id="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <label htmlFor="password">Password</label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={pending}>
          Sign in
        </button>
      </form>
      {config.oidc && (
        <a className="btn" href={`${config.oidc.startUrl}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`}>
          Sign in with {config.oidc.name}
        </a>
      )}
    </Card>
  );
}

/** The first run: the one-time link from the log creates the admin account. */
export function SetupPage({ onDone }: { onDone: () => void }) {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { error, pending, submit } = useSubmit(async () => {
    await api.setup(token, email, password, name);
    window.history.replaceState(null, '', '/');
    onDone();
  });
  return (
    <Card title="Create the admin account">
      <p className="muted">This account manages Lectern: it creates course projects and invites instructors and students.</p>
      <form className="auth-form" onSubmit={(e) => void submit(e)}>
        <label htmlFor="setup-email">Email</label>
        <input id="setup-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <label htmlFor="setup-name">Name</label>
        <input id="setup-name" value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor="setup-password">Password (at least 8 characters)</label>
        <input
          id="setup-password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={pending}>
          Create admin
        </button>
      </form>
    </Card>
  );
}

/** An invite link opened while signed in: join the project it names. */
export function InvitePage({ onJoined }: { onJoined: (projectId: string) => void }) {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const [preview, setPreview] = useState<InvitePreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    api.invite(token).then(setPreview, (e: unknown) => setProblem(errorMessage(e)));
  }, [token]);
  const { error, pending, submit } = useSubmit(async () => {
    const joined = await api.acceptInvite(token);
    onJoined(joined.projectId);
  });
  return (
    <Card title={preview ? `Join ${preview.projectName}` : 'Invite'}>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {preview && (
        <form onSubmit={(e) => void submit(e)}>
          <p>You are invited as {preview.role}.</p>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={pending}>
            Join
          </button>
        </form>
      )}
    </Card>
  );
}
