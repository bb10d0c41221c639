import { InvalidFilenameError } from './errors';

/**
 * The name a user gave a file is only a label, never a path: anything that looks like one is refused so
 * a name like `../../etc/passwd.pdf` is reported instead of silently renamed.
 */
export function cleanFilename(raw: string | undefined): string {
  const name = (raw ?? '').normalize('NFC').trim();
  if (name === '') return 'document.pdf';
  if (/[\\/]/.test(name) || name.split(/[\\/]/).includes('..') || name === '.' || name === '..') {
    throw new InvalidFilenameError(`invalid filename ${JSON.stringify(name)}: it must not contain a path`);
  }
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    throw new InvalidFilenameError(`invalid filename ${JSON.stringify(name)}: it contains control characters`);
  }
  // Right-to-left overrides and other bidi controls (U+202E) make `evil<RLO>fdp.exe` display as `evilexe.pdf`.
  if (/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(name)) {
    // Named with the controls spelled out (\u202E), so the message itself displays as sent.
    const shown = JSON.stringify(name).replace(
      /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
    throw new InvalidFilenameError(`invalid filename ${shown}: it contains bidirectional control characters (a right-to-left override?)`);
  }
  if (name.length > 255) throw new InvalidFilenameError('invalid filename: longer than 255 characters');
  return name;
}
