import type { FindPaper, FindProject, ProjectRow } from '@lectern/application';
import { CliError } from './cli-error';

/** `--project` takes a name or an id; ingest may create the project, the other commands may not. */
export function findProject(projects: FindProject, nameOrId: string, options: { create?: boolean } = {}): ProjectRow {
  const wanted = nameOrId.trim();
  if (wanted === '') throw new CliError('--project must not be empty');
  const found = options.create ? projects.byNameOrIdOrCreate(wanted) : projects.byNameOrId(wanted);
  if (found) return found;
  throw new CliError(`no project ${JSON.stringify(wanted)} (lectern ingest <files> --project ${wanted} creates it)`);
}

/** `--paper` (repeatable) takes an article id or part of one title; unset: the whole project. */
export function findPapers(papers: FindPaper, projectId: string, wanted: readonly string[] | undefined): string[] | undefined {
  if (!wanted || wanted.length === 0) return undefined;
  return wanted.map((text) => papers.resolve(projectId, text).id);
}

/** Commander collects a repeated `--paper` into a list. */
export const collectPaper = (value: string, previous: string[] = []): string[] => [...previous, value];

/** The use-case fields the CLI takes as positional arguments, not flags. */
const POSITIONAL: Readonly<Record<string, string>> = { query: 'the query', question: 'the question' };

/** A use-case field as the CLI names it: `k` is `--k`, `maxSteps` is `--max-steps`, the positional `query` is "the query". */
export const flagName = (field: string): string => POSITIONAL[field] ?? `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
