import { useEffect, useRef, useState } from 'react';
import { api } from '../api/client';
import type { Message } from './useConversation';

/**
 * Article titles for citation chips. Chat citations carry their title; the agent's carry only the article id,
 * so those titles are read once from the article's outline.
 */
export function useArticleTitles(messages: Message[]): Map<string, string> {
  const [titles, setTitles] = useState(() => new Map<string, string>());
  const requested = useRef(new Set<string>());

  useEffect(() => {
    const known = new Map<string, string>();
    const missing: string[] = [];
    for (const m of messages) {
      for (const c of m.citations ?? []) {
        if (c.articleTitle) known.set(c.articleId, c.articleTitle);
        else missing.push(c.articleId);
      }
      for (const s of m.sources ?? []) known.set(s.articleId, s.articleTitle);
    }
    if (known.size > 0) {
      setTitles((old) => {
        const next = new Map(old);
        let changed = false;
        for (const [id, title] of known) {
          if (next.get(id) !== title) {
            next.set(id, title);
            changed = true;
          }
        }
        return changed ? next : old;
      });
    }
    for (const id of missing) {
      if (known.has(id) || requested.current.has(id)) continue;
      requested.current.add(id);
      api.outline(id).then(
        (outline) => setTitles((old) => new Map(old).set(id, outline.article.title)),
        () => undefined,
      );
    }
  }, [messages]);

  return titles;
}
