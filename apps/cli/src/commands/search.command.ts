import { FindPaper, FindProject, SearchProject, SearchProjectCommand } from '@lectern/application';
import { findPapers, findProject, flagName } from '../project-lookup';

export interface SearchDeps {
  projects: FindProject;
  papers: FindPaper;
  searchProject: SearchProject;
}

/** `lectern search "<query>" --project <name> [--paper <id or title>]… [--mode] [--k] [--json]`. */
export async function searchCommand(
  deps: SearchDeps,
  query: string,
  options: { project: string; paper?: string[]; mode?: string; k: string; json?: boolean },
  out: NodeJS.WritableStream,
): Promise<number> {
  const project = findProject(deps.projects, options.project);
  const articleIds = findPapers(deps.papers, project.id, options.paper);
  const command = SearchProjectCommand.create(
    { projectId: project.id, query, mode: options.mode, k: Number(options.k), articleIds },
    flagName,
  );
  const { mode, results: hits } = await deps.searchProject.execute(command);
  if (options.json) {
    out.write(`${JSON.stringify({ mode, results: hits }, null, 2)}\n`);
    return 0;
  }
  if (hits.length === 0) out.write('no results\n');
  hits.forEach((hit, i) => {
    const section = hit.section.number === 'ref' ? 'References' : `§${hit.section.number} ${hit.section.title}`;
    const snippet = hit.text.replace(/\s+/g, ' ').slice(0, 220);
    out.write(`${i + 1}. ${hit.article.title} — ${section}, p. ${hit.page}  (score ${hit.score.toFixed(4)})\n`);
    out.write(`   ${snippet}${hit.text.length > 220 ? '…' : ''}\n`);
  });
  return 0;
}
