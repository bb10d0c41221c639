import { Command, InvalidArgumentError } from 'commander';
import { createLectern, type Lectern } from '@lectern/application';
import { loadConfig } from '@lectern/config';
import { version } from '../../../package.json';
import { commandDeps } from './command-deps';
import { reportError } from './error-report';
import { apiKeysCreateCommand, membersAddCommand, usersAddCommand, usersListCommand } from './commands/accounts.command';
import { askCommand, type AskOptions } from './commands/ask.command';
import { readPassword } from './read-password';
import { exploreCommand, type ExploreOptions } from './commands/explore.command';
import { backupCommand, restoreCommand } from './commands/backup.command';
import { doctorCommand } from './commands/doctor.command';
import { exportCommand } from './commands/export.command';
import { importCommand } from './commands/import.command';
import { mcpCommand } from './commands/mcp.command';
import { ingestCommand } from './commands/ingest.command';
import { reembedCommand } from './commands/reembed.command';
import { searchCommand } from './commands/search.command';
import { collectPaper } from './project-lookup';

const PAPER_FLAG = '--paper <id or title>';
const PAPER_HELP = 'only this paper: an article id or part of its title (repeat for several)';

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
    .option(PAPER_FLAG, PAPER_HELP, collectPaper)
    .option('--json', 'print JSON')
    .action((query: string, options: { project: string; paper?: string[]; mode?: string; k: string; json?: boolean }) =>
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
    .option(PAPER_FLAG, PAPER_HELP, collectPaper)
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
    .option(PAPER_FLAG, PAPER_HELP, collectPaper)
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
    .option('--with-pdfs', 'carry the PDFs too, so an import brings the source view along')
    .action((options: { project: string; out: string; force?: boolean; withPdfs?: boolean }) =>
      withLectern((lectern) => exportCommand(commandDeps.export(lectern), options, io.err)),
    );

  // Accounts: the operator works on the data directory directly (no server, no sign-in).
  const users = program.command('users').description('accounts of this instance');
  users
    .command('add')
    .description('create a user (password from a hidden prompt, or from stdin with --password-stdin)')
    .argument('<email>', 'their email, used to sign in')
    .option('--admin', 'an instance admin (sees and manages every project)')
    .option('--name <name>', 'display name (default: the part of the email before @)')
    .option('--password-stdin', 'read the password from stdin (for scripts)')
    .action((email: string, options: { admin?: boolean; passwordStdin?: boolean; name?: string }) =>
      withLectern((lectern) =>
        usersAddCommand(commandDeps.accounts(lectern), email, options, () => readPassword(Boolean(options.passwordStdin), io.err), io.out),
      ),
    );
  users
    .command('list')
    .description('list the users: email, role, name, created')
    .action(() => withLectern((lectern) => usersListCommand(commandDeps.accounts(lectern), io.out)));

  program
    .command('members')
    .description("a project's members")
    .command('add')
    .description('make an existing user a member of a project')
    .argument('<email>', 'the user')
    .requiredOption('-p, --project <name>', 'project name or id')
    .option('-r, --role <role>', 'owner | instructor | student', 'student')
    .action((email: string, options: { project: string; role: string }) =>
      withLectern((lectern) => membersAddCommand(commandDeps.accounts(lectern), email, options, io.out)),
    );

  program
    .command('api-keys')
    .description('API keys for programs')
    .command('create')
    .description('create a key limited to one project; prints the key once on stdout')
    .requiredOption('-p, --project <name>', 'project name or id')
    .requiredOption('-n, --name <name>', 'what the key is for, e.g. grader')
    .option('-r, --role <role>', 'owner | instructor | student', 'student')
    .action((options: { project: string; name: string; role?: string }) =>
      withLectern((lectern) => apiKeysCreateCommand(commandDeps.accounts(lectern), options, io.out, io.err)),
    );

  program
    .command('import')
    .description('create a project from a `lectern export` file (checked as untrusted; no re-parse)')
    .argument('<file>', 'the .sqlite export')
    .requiredOption('-p, --project <name>', 'name of the new project')
    .option('--no-reembed', 'refuse instead of re-embedding when the export used another embedding model')
    .action((file: string, options: { project: string; reembed?: boolean }) =>
      withLectern((lectern) => importCommand(commandDeps.import(lectern), file, options, io.out, io.err)),
    );

  program
    .command('backup')
    .description('snapshot the catalog, every corpus and the stored PDFs into a new folder (safe while the service runs)')
    .requiredOption('-o, --out <dir>', 'the folder to write (must be new or empty)')
    .action((options: { out: string }) => withLectern((lectern) => backupCommand(commandDeps.backup(lectern), options, io.out)));

  program
    .command('restore')
    .description('restore a backup into LECTERN_DATA_DIR (which must be empty unless --force); stop the service first')
    .argument('<dir>', 'a folder written by `lectern backup`')
    .option('-f, --force', 'replace the catalog, corpora and objects of a non-empty data directory')
    .action(async (dir: string, options: { force?: boolean }) => {
      exitCode = await restoreCommand(loadConfig(), dir, options, io.out);
    });

  program
    .command('mcp')
    .description(
      "serve a project's navigation tools (search, outline, read_section, next, previous, read_page, cite, explore) over MCP on stdio",
    )
    .requiredOption('-p, --project <name>', 'project name or id')
    .option(PAPER_FLAG, 'scope the tools to this paper (an article id or part of its title); repeat for several', collectPaper)
    .action((options: { project: string; paper?: string[] }) =>
      withLectern((lectern) => mcpCommand(commandDeps.mcp(lectern), options, { stdin: process.stdin, stdout: process.stdout })),
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
