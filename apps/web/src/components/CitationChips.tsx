import type { Citation } from '../hooks/useConversation';

interface Props {
  citations: Citation[];
  titleOf: (articleId: string) => string | undefined;
  onOpen: (citation: Citation) => void;
  active?: { messageId: string; n: number } | null;
  messageId: string;
}

/** Numbered chips under an answer: paper, section and page; each opens the source view at that page. */
export function CitationChips({ citations, titleOf, onOpen, active, messageId }: Props) {
  if (citations.length === 0) return null;
  return (
    <div className="citations">
      <h3 className="citations-heading">Sources</h3>
      <ol className="citation-list">
        {citations.map((c) => {
          const title = c.articleTitle || titleOf(c.articleId) || 'Untitled paper';
          const section = sectionLabel(c.sectionNumber, c.sectionTitle);
          const isActive = active?.messageId === messageId && active.n === c.n;
          const pages = citedPages(c);
          return (
            <li key={`${c.n}-${c.articleId}-${c.page}`}>
              <button
                type="button"
                className={`citation-chip${isActive ? ' is-active' : ''}`}
                onClick={() => onOpen(c)}
                aria-label={`Source ${c.n}: ${title}, ${section || 'section'}, ${pages.spoken}. Open the PDF at this page.`}
              >
                <span className="citation-n">{c.n}</span>
                <span className="citation-text">
                  <span className="citation-title">{title}</span>
                  <span className="citation-where">
                    {section ? `${section} · ` : ''}
                    {pages.shown}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** "3.2 Attention", "References", or "Section 1" when the parser found a number but no heading. */
export function sectionLabel(number: string, title: string): string {
  if (number === 'ref') return 'References';
  if (!title) return number ? `Section ${number}` : '';
  // GROBID numbers the untitled opening "0"; nobody cites "0 Abstract".
  if (number === '0') return title;
  return /^\d+(\.\d+)*$/.test(number) ? `${number} ${title}` : title;
}

/** "p. 3", or "pp. 3–4" for a quoted sentence printed across a page break. */
function citedPages(c: Citation): { shown: string; spoken: string } {
  return c.pageEnd && c.pageEnd !== c.page
    ? { shown: `pp. ${c.page}–${c.pageEnd}`, spoken: `pages ${c.page} to ${c.pageEnd}` }
    : { shown: `p. ${c.page}`, spoken: `page ${c.page}` };
}
