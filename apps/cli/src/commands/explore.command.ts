import { ExploreAgent, MAX_EXPLORE_STEPS, type ExploreResult } from '@lectern/agent';
import { IngestRuntime } from '@lectern/ingest';
import { createLlm } from '@lectern/llm';
import { SearchService } from '@lectern/retrieval';
import { CliError } from '../cli-error';
import { findProject } from '../project-lookup';

export interface ExploreOptions {
  project: string;
  article?: string;
  maxSteps?: string;
  json?: boolean;
}

/** `lectern explore "<question>" --project <name> [--article <id>] [--max-steps n] [--json]`. */
export async function exploreCommand(
  runtime: IngestRuntime,
  question: string,
  options: ExploreOptions,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  if (question.trim().length === 0) throw new CliError('the question is empty');
  const maxSteps = options.maxSteps === undefined ? undefined : Number(options.maxSteps);
  if (maxSteps !== undefined && (!Number.isInteger(maxSteps) || maxSteps < 1 || maxSteps > MAX_EXPLORE_STEPS)) {
    throw new CliError(`--max-steps must be from 1 to ${MAX_EXPLORE_STEPS}`);
  }
  const project = findProject(runtime.catalog, options.project);
  const corpus = runtime.corpora.get(project.id);
  if (options.article && !corpus.getArticle(options.article)) throw new CliError(`no article ${JSON.stringify(options.article)} in project ${project.name}`);

  const agent = new ExploreAgent({ corpus, search: new SearchService(corpus, runtime.embedder), llm: createLlm(runtime.config.llm) });
  const { readSectionIds: _read, ...result } = await agent.explore({
    question: question.trim(),
    articleId: options.article,
    budget: { maxSteps },
    searchMode: runtime.defaultSearchMode,
  });
  if (options.json) {
    out.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  }
  out.write(`${result.answer}\n`);
  if (result.citations.length > 0) out.write(`\nSources:\n${result.citations.map((c, i) => `[${i + 1}] ${c.articleId} — §${c.sectionNumber || '-'} ${c.sectionTitle}, p. ${c.page}\n`).join('')}`);
  err.write(trail(result));
  if (result.notice) err.write(`note: ${result.notice}\n`);
  return 0;
}

/** The agent's moves, one per line, on stderr: visible, but not mixed into the answer. */
function trail(result: Omit<ExploreResult, 'readSectionIds'>): string {
  return result.steps.map((s, i) => `step ${i + 1}: ${s.tool}${Object.keys(s.args).length ? ` ${JSON.stringify(s.args)}` : ''} → ${s.summary}\n`).join('');
}
