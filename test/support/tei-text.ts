/**
 * The text of a GROBID TEI fragment for the regex-read corpus fixtures (no XML parser, no parsing lib): tags become
 * spaces, XML entities their characters (`&amp;` last, so an escaped entity stays as written), white space folded.
 */
export function teiText(fragment: string): string {
  return fragment
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
