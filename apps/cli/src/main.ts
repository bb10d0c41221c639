import { Command, InvalidArgumentError } from 'commander';
import { createLectern, type Lectern } from '@lectern/application';
import { loadConfig } from '@lectern/config';
import { version } from '../../../package.json';
import { commandDeps } from './command-deps';
import { reportError } from './error-report';
import { askCommand, type AskOptions } from './commands/ask.command';
import { exploreCommand, type ExploreOptions } from './commands/explore.command';
import { doctorCommand } from './commands/doctor.command';
import { exportCommand } from './commands/export.command';
import { ingestCommand } from './commands/ingest.command';
import { reembedCommand } from './commands/reembed.command';
import { searchCommand } from './commands/search.command';

/** Runs one CLI invocation and resolves to its exit code; `main` below wires it to the process. */
export async function runCli(argv: string[], io = { out: process.stdout, err: process.stderr }): Promise<number> {
  let exitCode = 0;
  const withLectern = async (work: (lectern: Lectern) => Promise<number> | number) => {
    const lectern = await createLectern(loadConfig());
    try {
      await lectern.init();
      exitCode = await work(lectern);
    } finally {
      await lectern.close();
    }
  };

  const program = new Command('lectern')
    .version(version)
    .description('Lectern: reads scientific PDFs the way a researcher does. Data: $LECTERN_DATA_DIR (default ./storage).')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out.write(s), writeErr: (s) => io.err.write(s) });

  program
    .command('serve')
    .description('start the HTTP API with the ingest worker in-process (what `npm start` runs)')
    .action(async () => {
      const { serve } = await import('../../api/src/main');
      await serve();
      exitCode = -1; // keep running
    });

  program
    .command('ingest')
    .description('add PDFs (files or folders) to a project, wait until each is ready, print one line per file')
    .argument('<paths...>', 'PDF files or folders containing PDFs')
    .requiredOption('-p, --project <name>', 'project name or id (created if missing)')
    .action((paths: string[], options: { project: string }) =>
      withLectern((lectern) => ingestCommand(commandDeps.ingest(lectern), paths, options, io.out, io.err)),
    );

  program
    .command('doctor')
    .description(
      'check the data directory: orphan PDFs, empty object directories, unfinished uploads, every corpus (integrity, FTS and vector rows)',
    )
    .option('--fix', 'remove the orphans, empty directories and unfinished uploads found')
    .action((options: { fix?: boolean }) => withLectern((lectern) => doctorCommand(commandDeps.doctor(lectern), options, io.out)));

  program
    .command('search')
    .description('search a project')
    .argument('<query>', 'what to look for')
    .requiredOption('-p, --project <name>', 'project name or id')
    .option('-m, --mode <mode>', 'hybrid | standard | keyword (default: hybrid, or keyword with the lexical embedder)')
    .option('-k, --k <n>', 'number of results (1-500)', positiveInt, '10')
    .option('--json', 'print JSON')
    .action((query: string, options: { project: string; mode?: string; k: string; json?: boolean }) =>
      withLectern((lectern) => searchCommand(commandDeps.search(lectern), query, options, io.out)),
    );

  program
    .command('ask')
    .description('answer a question from a project, citing article, section and page')
    .argument('<question>', 'what to ask')
    .requiredOption('-p, --project <name>', 'project name or id')
    .option('-m, --mode <mode>', 'hybrid | standard | keyword (default: hybrid, or keyword with the lexical embedder)')
    .option('-k, --k <n>', 'passages to retrieve (1-200, default 80)', positiveInt)
    .option('--parent', 'grow the top hits into passages with their neighbouring contexts')
    .option('--multi-query', 'search LLM-written variants of the question too (needs an LLM)')
    .option('--json', 'print JSON')
    .action((question: string, options: AskOptions) =>
      withLectern((lectern) => askCommand(commandDeps.ask(lectern), question, options, io.out, io.err)),
    );

  program
    .command('explore')
    .description('let an agent read the papers section by section until it can answer; prints its steps')
    .argument('<question>', 'what to ask')
    .requiredOption('-p, --project <name>', 'project name or id')
    .option('-a, --article <id>', 'start from this article')
    .option('--max-steps <n>', 'tool calls the agent may make (1-30, default 8)', positiveInt)
    .option('--json', 'print JSON: answer, citations, steps, usage')
    .action((question: string, options: ExploreOptions) =>
      withLectern((lectern) => exploreCommand(commandDeps.explore(lectern), question, options, io.out, io.err)),
    );

  program
    .command('reembed')
    .description("re-embed a project's corpus under the configured embedding model (or --model)")
    .requiredOption('-p, --project <name>', 'project name or id')
    .option('--model <id>', 'embedding model id (default: EMBEDDING_MODEL)')
    .action((options: { project: string; model?: string }) =>
      withLectern((lectern) => reembedCommand(commandDeps.reembed(lectern), options, io.out, io.err)),
    );

  program
    .command('export')
    .description("write a project's corpus as one SQLite file")
    .requiredOption('-p, --project <name>', 'project name or id')
    .requiredOption('-o, --out <file>', 'the .sqlite file to write')
    .option('-f, --force', 'replace the file if it exists')
    .action((options: { project: string; out: string; force?: boolean }) =>
      withLectern((lectern) => exportCommand(commandDeps.export(lectern), options, io.err)),
    );

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    const e = error as Error & { code?: string; exitCode?: number };
    if (e.code?.startsWith('commander.')) return e.exitCode ?? 2;
    return reportError(error, io.err);
  }
  return exitCode;
}

function positiveInt(value: string): string {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return value;
}

if (require.main === module) {
  runCli(process.argv.slice(2)).then((code) => {
    if (code >= 0) process.exitCode = code;
  });
}
