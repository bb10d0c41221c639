import { useEffect, useState } from 'react';

/** State that survives a reload (settings, toggles); falls back to the default when storage is unusable. */
export function useStoredState<T>(key: string, fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = window.localStorage.getItem(key);
      return raw === null ? fallback : ({ ...(typeof fallback === 'object' ? fallback : {}), ...JSON.parse(raw) } as T);
    } catch {
      return fallback;
    }
  });
  useEffect(() => {
    try {
      window.localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Private mode or full storage: keep the value for this session only.
    }
  }, [key, value]);
  return [value, setValue];
}
