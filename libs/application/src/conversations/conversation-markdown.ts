import { pagesLabel } from '@lectern/common';
import type { ConversationMessageRow, ConversationRow } from '@lectern/corpus';

/** The citation fields the export reads; the chat stores its citations whole, newer fields included. */
interface StoredCitation {
  n?: number;
  articleTitle?: string;
  sectionNumber?: string;
  sectionTitle?: string;
  page?: number;
  pageEnd?: number;
  quote?: string;
}

/** The step fields the export reads: which tool, and what it did in one line. */
interface StoredStep {
  tool?: string;
  summary?: string;
}

/**
 * A conversation as Markdown: each question as a heading, each answer with its `[n]` markers and, below it, the
 * sources those markers point to (paper, section, page and the quoted sentence when the answer quoted one). An
 * explore turn also says it was explored and lists the agent's steps.
 */
export function conversationMarkdown(
  conversation: ConversationRow,
  projectName: string,
  messages: readonly ConversationMessageRow[],
): string {
  const lines = [
    `# ${oneLine(conversation.title)}`,
    '',
    `Project: ${oneLine(projectName)} · started ${conversation.createdAt.slice(0, 10)} · exported ${new Date().toISOString().slice(0, 10)}`,
    '',
  ];
  for (const message of messages) {
    if (message.role === 'user') {
      lines.push(`## ${oneLine(message.content)}`, '');
      continue;
    }
    const steps = (message.steps ?? []) as StoredStep[];
    if (message.kind === 'explore') lines.push(`*Explored in ${steps.length} ${steps.length === 1 ? 'step' : 'steps'}.*`, '');
    lines.push(message.content.trim(), '');
    if (message.notice) lines.push(`> ${oneLine(message.notice)}`, '');
    const citations = message.citations as StoredCitation[];
    if (citations.length > 0) {
      lines.push('Sources:', '');
      // Explore answers written by an LLM carry no markers: their sources are numbered in order.
      citations.forEach((citation, i) => lines.push(`- ${sourceLine(citation, i + 1)}`));
      lines.push('');
    }
    if (steps.length > 0) {
      lines.push('Steps:', '');
      steps.forEach((step, i) => lines.push(`${i + 1}. ${oneLine(`${step.tool ?? '?'}: ${step.summary ?? ''}`)}`));
      lines.push('');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function sourceLine(citation: StoredCitation, position: number): string {
  const section =
    citation.sectionNumber === 'ref'
      ? 'References'
      : [citation.sectionNumber ? `§${citation.sectionNumber}` : '', citation.sectionTitle ?? ''].filter(Boolean).join(' ');
  const pages = citation.page ? pagesLabel(citation.page, citation.pageEnd) : '';
  const where = [section, pages].filter(Boolean).join(', ');
  const quote = citation.quote ? ` — “${oneLine(citation.quote)}”` : '';
  return `[${citation.n ?? position}] ${oneLine(citation.articleTitle ?? 'untitled')}${where ? ` — ${where}` : ''}${quote}`;
}

/** Keeps a heading or list item on one line whatever the text holds. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A file name for the export: the title's words, safe on every file system. */
export function exportFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'conversation'}.md`;
}
