import { useCallback, useEffect, useState } from 'react';

/** The project in the URL (`/p/<id>`), so a link to a course's assistant can be shared. */
export function projectIdFromPath(pathname: string): string | null {
  const match = /^\/p\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

export function useProjectRoute(): [string | null, (projectId: string | null, replace?: boolean) => void] {
  const [projectId, setProjectId] = useState(() => projectIdFromPath(window.location.pathname));

  useEffect(() => {
    const onPop = () => setProjectId(projectIdFromPath(window.location.pathname));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback((next: string | null, replace = false) => {
    const url = next ? `/p/${encodeURIComponent(next)}` : '/';
    if (url !== window.location.pathname) {
      if (replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
    }
    setProjectId(next);
  }, []);

  return [projectId, navigate];
}
