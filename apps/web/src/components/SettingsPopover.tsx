import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_SETTINGS } from '../api/chat-request';
import type { ChatSettings } from '../api/types';

const MODES: Array<{ value: ChatSettings['mode']; label: string; hint: string }> = [
  { value: 'auto', label: 'Automatic', hint: 'The best mode for this server’s embeddings (recommended)' },
  { value: 'hybrid', label: 'Hybrid', hint: 'Keywords and meaning, fused' },
  { value: 'standard', label: 'Semantic', hint: 'Nearest passages by embedding' },
  { value: 'keyword', label: 'Keyword', hint: 'BM25 full-text match' },
];

interface Props {
  settings: ChatSettings;
  onChange: (settings: ChatSettings) => void;
  llmConfigured: boolean;
  /** Explore mode navigates on its own: the chat's retrieval settings do not apply. */
  disabled?: boolean;
}

/** Retrieval choices for the chat, behind one button so the defaults stay out of the way. */
export function SettingsPopover({ settings, onChange, llmConfigured, disabled = false }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  // Opening moves focus to the first choice, so the keyboard is where the eyes are.
  useEffect(() => {
    if (open) wrapper.current?.querySelector<HTMLInputElement>('.popover input:checked, .popover input')?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault(); // the popover takes this Esc: the source view behind it stays open
        setOpen(false);
        button.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const set = (change: Partial<ChatSettings>) => onChange({ ...settings, ...change });
  const changed = JSON.stringify(settings) !== JSON.stringify(DEFAULT_SETTINGS);

  return (
    <div
      className="popover-wrap"
      ref={wrapper}
      onBlur={(e) => {
        // Focus left the button and the panel (Tab past the last choice): close, as a click outside does.
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`btn btn-ghost${changed ? ' has-dot' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
        title={disabled ? 'Explore mode finds its own way; these settings apply to the chat' : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M3 17v2h6v-2H3zM3 5v2h10V5H3zm10 16v-2h8v-2h-8v-2h-2v6h2zM7 9v2H3v2h4v2h2V9H7zm14 4v-2H11v2h10zm-6-4h2V7h4V5h-4V3h-2v6z"
          />
        </svg>
        Retrieval
      </button>
      {open && (
        <div id={panelId} className="popover" role="dialog" aria-label="Retrieval settings">
          <fieldset>
            <legend>Search mode</legend>
            {MODES.map((m) => (
              <label key={m.value} className="radio-row">
                <input
                  type="radio"
                  name={`${panelId}-mode`}
                  value={m.value}
                  checked={settings.mode === m.value}
                  onChange={() => set({ mode: m.value })}
                />
                <span>
                  <strong>{m.label}</strong>
                  <small>{m.hint}</small>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Context</legend>
            <label className="check-row">
              <input
                type="checkbox"
                checked={settings.expand === 'parent'}
                onChange={(e) => set({ expand: e.target.checked ? 'parent' : 'none' })}
              />
              <span>
                <strong>Parent expansion</strong>
                <small>Read the passages around the best hits</small>
              </span>
            </label>
            <label className="check-row">
              <input
                type="checkbox"
                checked={settings.multiQuery}
                disabled={!llmConfigured}
                onChange={(e) => set({ multiQuery: e.target.checked })}
              />
              <span>
                <strong>Multi-query</strong>
                <small>{llmConfigured ? 'The LLM rephrases the question several ways' : 'Needs an LLM (not configured)'}</small>
              </span>
            </label>
            <label className="check-row">
              <input
                type="checkbox"
                checked={settings.filter}
                disabled={!llmConfigured}
                onChange={(e) => set({ filter: e.target.checked })}
              />
              <span>
                <strong>LLM filter</strong>
                <small>{llmConfigured ? 'A small model drops irrelevant passages' : 'Needs an LLM (not configured)'}</small>
              </span>
            </label>
          </fieldset>
          <button type="button" className="btn btn-ghost reset" onClick={() => onChange(DEFAULT_SETTINGS)} disabled={!changed}>
            Reset to defaults
          </button>
        </div>
      )}
    </div>
  );
}
