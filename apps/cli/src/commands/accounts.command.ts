import { Accounts, ApiKeys, FindProject, ProjectMembers, type Principal, type UserRow } from '@lectern/application';
import { CliError } from '../cli-error';

/** What the account commands use: the operator works on the data directory directly, as its first admin. */
export interface AccountsDeps {
  accounts: Accounts;
  members: ProjectMembers;
  apiKeys: ApiKeys;
  projects: FindProject;
}

type Out = { write(text: string): unknown };

/** `lectern users add <email> [--admin] [--password-stdin]`: the password from stdin, or from a hidden prompt. */
export async function usersAddCommand(
  deps: AccountsDeps,
  email: string,
  options: { admin?: boolean; passwordStdin?: boolean; name?: string },
  readPassword: () => Promise<string>,
  out: Out,
): Promise<number> {
  const password = await readPassword();
  const user = await deps.accounts.createUser({ email, password: password || undefined, admin: options.admin, displayName: options.name });
  out.write(`created ${user.role} ${user.email}${password ? '' : ' (no password: OIDC sign-in only)'}\n`);
  return 0;
}

export function usersListCommand(deps: AccountsDeps, out: Out): number {
  const users = deps.accounts.listUsers();
  if (users.length === 0) out.write('no users yet (start the server for the setup link, or run `lectern users add <email> --admin`)\n');
  for (const user of users) out.write(`${user.email}\t${user.role}\t${user.displayName}\t${user.createdAt}\n`);
  return 0;
}

export function membersAddCommand(deps: AccountsDeps, email: string, options: { project: string; role: string }, out: Out): number {
  const project = findProject(deps, options.project);
  const member = deps.members.add(operator(deps), project.id, email, options.role);
  out.write(`${member.email} is ${member.role} in ${project.name}\n`);
  return 0;
}

/** Prints the key once, on stdout alone (so `KEY=$(lectern api-keys create …)` works); the rest goes to stderr. */
export function apiKeysCreateCommand(
  deps: AccountsDeps,
  options: { project: string; name: string; role?: string },
  out: Out,
  err: Out,
): number {
  const project = findProject(deps, options.project);
  const created = deps.apiKeys.create(operator(deps), { name: options.name, projectId: project.id, role: options.role as never });
  out.write(`${created.key}\n`);
  err.write(`API key "${created.name}" (${created.prefix}…) for ${project.name} as ${created.role}: shown once, keep it safe\n`);
  return 0;
}

function findProject(deps: AccountsDeps, nameOrId: string) {
  const project = deps.projects.byNameOrId(nameOrId);
  if (!project) throw new CliError(`no project "${nameOrId}"`);
  return project;
}

/** The operator acts as the first admin (keys need an owner; the audit log names who). */
function operator(deps: AccountsDeps): Principal {
  const admin: UserRow | undefined = deps.accounts.listUsers().find((u) => u.role === 'admin');
  if (!admin) throw new CliError('no admin yet: run `lectern users add <email> --admin` first');
  return { user: admin, via: 'session', key: null };
}
