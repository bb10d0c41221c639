/**
 * A heading with no text of its own (a part title, a chapter whose first words are its first section's heading)
 * has no passage to give it a page. Its heading is printed right before the next passage in reading order, so it
 * starts on that passage's page: the outline can then place it and the source view scroll to it. Entries after
 * the last passage keep null.
 */
export function withHeadingPages<T extends { pageStart: number | null; pageEnd: number | null }>(entries: T[]): T[] {
  let next: number | null = null;
  const out = new Array<T>(entries.length);
  for (let k = entries.length - 1; k >= 0; k--) {
    const entry = entries[k];
    if (entry.pageStart !== null) next = entry.pageStart;
    out[k] = entry.pageStart === null && next !== null ? { ...entry, pageStart: next, pageEnd: next } : entry;
  }
  return out;
}
