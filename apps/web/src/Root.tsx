import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from './api/client';
import type { AuthConfig, Me } from './api/types';
import { App } from './App';
import { InvitePage, SetupPage, SignInPage } from './components/AuthPages';

type State = { kind: 'loading' } | { kind: 'signed-out'; config: AuthConfig } | { kind: 'signed-in'; config: AuthConfig; me: Me };

/** Who is here decides the page: the first-run setup, the sign-in, an invite, or the app with their projects. */
export function Root() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [path, setPath] = useState(window.location.pathname);

  const load = useCallback(async () => {
    try {
      const config = await api.authConfig();
      try {
        setState({ kind: 'signed-in', config, me: await api.me() });
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) setState({ kind: 'signed-out', config });
        else throw e;
      }
    } catch {
      // The server is unreachable: the app shows that itself, with a retry.
      setState({ kind: 'signed-in', config: { enabled: false, setupOpen: false, oidc: null }, me: null as unknown as Me });
    }
    setPath(window.location.pathname);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === 'loading') return null;
  if (path === '/setup' && state.config.setupOpen) return <SetupPage onDone={() => void load()} />;
  if (state.kind === 'signed-out') return <SignInPage config={state.config} onSignedIn={() => void load()} />;
  if (path === '/invite') {
    return (
      <InvitePage
        onJoined={(projectId) => {
          window.history.replaceState(null, '', `/p/${encodeURIComponent(projectId)}`);
          setPath(window.location.pathname);
          void load();
        }}
      />
    );
  }
  if (path === '/login' || path === '/setup') window.history.replaceState(null, '', '/');
  return <App me={state.me ?? null} />;
}
