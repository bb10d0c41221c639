import { useCallback, useRef } from 'react';

/**
 * Remembers what had focus when a panel opened and gives it back when the panel closes, so a keyboard user lands
 * on the citation or button they came from instead of at the top of the page.
 */
export function useReturnFocus(): { remember: () => void; restore: () => void } {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body) opener.current = active;
  }, []);
  const restore = useCallback(() => {
    const target = opener.current;
    opener.current = null;
    // After React has removed the panel; the opener may itself be gone (a re-rendered list).
    window.requestAnimationFrame(() => {
      if (target?.isConnected) target.focus();
    });
  }, []);
  return { remember, restore };
}
