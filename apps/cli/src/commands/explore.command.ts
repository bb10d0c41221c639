import { pagesLabel } from '@lectern/common';
import { ArticleNotFoundError, Explore, ExploreCommand, FindPaper, FindProject, type ExploreOutcome } from '@lectern/application';
import { CliError } from '../cli-error';
import { findPapers, findProject, flagName } from '../project-lookup';

export interface ExploreOptions {
  project: string;
  /** Article ids or parts of titles: search and read these papers only. */
  paper?: string[];
  article?: string;
  maxSteps?: string;
  json?: boolean;
}

export interface ExploreDeps {
  projects: FindProject;
  papers: FindPaper;
  exploreProject: Explore;
}

/** `lectern explore "<question>" --project <name> [--article <id>] [--max-steps n] [--json]`. */
export async function exploreCommand(
  deps: ExploreDeps,
  question: string,
  options: ExploreOptions,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  if (question.trim().length === 0) throw new CliError('the question is empty');
  const maxSteps = options.maxSteps === undefined ? undefined : Number(options.maxSteps);
  const labels = (field: string) => (field === 'articleId' ? '--article' : flagName(field));
  const project = findProject(deps.projects, options.project);
  const articleIds = findPapers(deps.papers, project.id, options.paper);
  const command = ExploreCommand.create({ projectId: project.id, question, articleId: options.article, articleIds, maxSteps }, labels);
  const result = await start(deps.exploreProject, command, project.name).explore();
  if (options.json) {
    out.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  }
  out.write(`${result.answer}\n`);
  if (result.citations.length > 0)
    out.write(
      `\nSources:\n${result.citations.map((c, i) => `[${c.n ?? i + 1}] ${c.articleTitle || c.articleId} — §${c.sectionNumber || '-'} ${c.sectionTitle}, ${pagesLabel(c.page, c.pageEnd)}\n`).join('')}`,
    );
  err.write(trail(result));
  if (result.notice) err.write(`note: ${result.notice}\n`);
  return 0;
}

function start(exploreProject: Explore, command: ExploreCommand, projectName: string) {
  try {
    return exploreProject.execute(command);
  } catch (error) {
    if (error instanceof ArticleNotFoundError)
      throw new CliError(`no article ${JSON.stringify(command.articleId)} in project ${projectName}`);
    throw error;
  }
}

/** The agent's moves, one per line, on stderr: visible, but not mixed into the answer. */
function trail(result: ExploreOutcome): string {
  return result.steps
    .map((s, i) => `step ${i + 1}: ${s.tool}${Object.keys(s.args).length ? ` ${JSON.stringify(s.args)}` : ''} → ${s.summary}\n`)
    .join('');
}
