import { memo, useDeferredValue, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';

const CITE_PREFIX = '#cite-';

/**
 * Prepares an answer for Markdown: `[n]` markers (and `[1, 2]` lists) that match a citation become links the
 * renderer turns into chips; `\( \)` and `\[ \]` LaTeX delimiters become the `$` forms remark-math reads.
 * Fenced code is left as it is.
 */
export function prepareAnswer(text: string, known: Set<number>): string {
  return text
    .split(/(```[\s\S]*?(?:```|$))/g)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      return part
        .replace(/\\\[([\s\S]+?)\\\]/g, (_, tex: string) => `$$${tex}$$`)
        .replace(/\\\((.+?)\\\)/g, (_, tex: string) => `$${tex}$`)
        .replace(/\[(\d+(?:\s*,\s*\d+)*)\](?!\()/g, (whole, list: string) => {
          const numbers = list.split(',').map((n) => Number(n.trim()));
          if (!numbers.every((n) => known.has(n))) return whole;
          return numbers.map((n) => `[${n}](${CITE_PREFIX}${n})`).join('');
        });
    })
    .join('');
}

interface Props {
  text: string;
  citations: number[];
  onCite: (n: number) => void;
}

function AnswerMarkdownView({ text, citations, onCite }: Props) {
  // While tokens stream in, React may skip intermediate texts rather than re-parse Markdown and KaTeX for each.
  const shown = useDeferredValue(text);
  const known = new Set(citations);
  const components: Components = {
    a({ href, children }) {
      if (href?.startsWith(CITE_PREFIX)) {
        const n = Number(href.slice(CITE_PREFIX.length));
        return (
          <button type="button" className="cite-marker" onClick={() => onCite(n)} aria-label={`Open source ${n}`}>
            {n}
          </button>
        );
      }
      return (
        <a href={href} target="_blank" rel="noreferrer noopener">
          {children as ReactNode}
        </a>
      );
    },
  };
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkMath]}
        rehypePlugins={[[rehypeKatex, { throwOnError: false, strict: 'ignore' }]]}
        components={components}
      >
        {prepareAnswer(shown, known)}
      </ReactMarkdown>
    </div>
  );
}

export const AnswerMarkdown = memo(AnswerMarkdownView);
