import { useEffect, useState } from 'react';

/** State that survives a reload (settings, toggles); falls back to the default when storage is unusable. */
export function useStoredState<T>(key: string, fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = window.localStorage.getItem(key);
      if (raw === null) return fallback;
      const stored = JSON.parse(raw) as unknown;
      if (typeof stored !== typeof fallback) return fallback;
      // Settings objects gain fields over time: keep the defaults for fields an older stored copy lacks.
      return isRecord(fallback) && isRecord(stored) ? ({ ...fallback, ...stored } as T) : (stored as T);
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
