import { pagesLabel } from '@lectern/common';
import { AskQuestion, AskQuestionCommand, FindPaper, FindProject, type Citation } from '@lectern/application';
import { CliError } from '../cli-error';
import { findPapers, findProject, flagName } from '../project-lookup';

export interface AskOptions {
  project: string;
  /** Article ids or parts of titles: answer from these papers only. */
  paper?: string[];
  mode?: string;
  k?: string;
  /** Parent expansion: the top hits grow into passages with their neighbours. */
  parent?: boolean;
  /** The small model writes keyword-richer variants of the question (needs an LLM). */
  multiQuery?: boolean;
  json?: boolean;
}

export interface AskDeps {
  projects: FindProject;
  papers: FindPaper;
  askQuestion: AskQuestion;
}

/** `lectern ask "<question>" --project <name> [--mode] [--k] [--parent] [--multi-query] [--json]`: what the chat endpoint answers. */
export async function askCommand(
  deps: AskDeps,
  question: string,
  options: AskOptions,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  if (question.trim().length === 0) throw new CliError('the question is empty');
  const project = findProject(deps.projects, options.project);
  const command = AskQuestionCommand.create(
    {
      projectId: project.id,
      question,
      mode: options.mode,
      k: options.k === undefined ? undefined : Number(options.k),
      expand: options.parent ? 'parent' : 'none',
      multiQuery: options.multiQuery === true,
      articleIds: findPapers(deps.papers, project.id, options.paper),
    },
    flagName,
  );
  const answer = await deps.askQuestion.execute(command).answer();

  if (options.json) {
    const citations = answer.citations.map(({ contextId: _contextId, ...citation }) => citation);
    const body = {
      answer: answer.answer,
      citations,
      mode: answer.mode,
      llm: answer.llm,
      ...(answer.notice ? { notice: answer.notice } : {}),
    };
    out.write(`${JSON.stringify(body, null, 2)}\n`);
    return 0;
  }
  out.write(`${answer.answer}\n`);
  if (answer.citations.length > 0) out.write(`\nSources:\n${answer.citations.map((c) => `${sourceLine(c)}\n`).join('')}`);
  if (answer.notice) err.write(`note: ${answer.notice}\n`);
  for (const note of answer.retrieval.notes) err.write(`note: ${note}\n`);
  return 0;
}

function sourceLine(citation: Citation): string {
  const section =
    citation.sectionNumber === 'ref' ? 'References' : [`§${citation.sectionNumber}`, citation.sectionTitle].filter(Boolean).join(' ');
  // A quoted sentence printed across a page break names both pages.
  const pages = pagesLabel(citation.page, citation.pageEnd);
  return `[${citation.n}] ${citation.articleTitle} — ${section}, ${pages}`;
}
