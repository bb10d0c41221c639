import {
  Accounts,
  ApiKeys,
  ConversationTitleCommand,
  Invites,
  ProjectConversations,
  ProjectMembers,
  type Principal,
  type ProjectRole,
  type UserRow,
} from '@lectern/application';
import { buildTextPdf } from '../fixtures/pdf-fixtures';
import { startTestApp, waitForDocument, type TestApp } from './test-app';

/** The callers of the authorization matrix, in the order of its columns. */
export const CALLERS = ['anonymous', 'outsider', 'student', 'instructor', 'owner', 'admin', 'key', 'revokedKey'] as const;
export type Caller = (typeof CALLERS)[number];
export const MEMBER_ROLES: Array<Exclude<Caller, 'anonymous' | 'outsider' | 'admin' | 'key' | 'revokedKey'>> = [
  'student',
  'instructor',
  'owner',
];

export const ADMIN = { email: 'admin@lectern.test', password: 'admin-password-1' };

/** One project with a member of each role, a ready document, a student API key and a revoked one. */
export interface ProjectWorld {
  projectId: string;
  documentId: string;
  articleId: string | null;
  key: string;
  revokedKey: string;
  /** Ids of the members by role, and of a key and an invite the owner made (for the revoke routes). */
  userIds: Record<'student' | 'instructor' | 'owner', string>;
  ownerKeyId: string;
  inviteId: string;
  inviteToken: string;
  /** A conversation the owner started (conversations are their maker's alone). */
  conversationId: string;
}

export interface AccessApp {
  t: TestApp;
  users: Record<'outsider' | 'student' | 'instructor' | 'owner' | 'admin', UserRow>;
  /** A session cookie for the caller, fresh each time (logout in one cell does not end the next one's session). */
  cookie(caller: Caller): string | null;
  /** A new project world; `ready: true` waits for its document to be parsed (for the outline and context routes). */
  world(options?: { ready?: boolean; document?: boolean }): Promise<ProjectWorld>;
  principal(user: UserRow): Principal;
  close(): Promise<void>;
}

let worlds = 0;

/** The app with AUTH=on, the admin from the environment, and one user per column of the matrix. */
export async function startAccessApp(env: Record<string, string> = {}): Promise<AccessApp> {
  const t = await startTestApp({
    AUTH: 'on',
    EMBEDDINGS: 'lexical',
    LECTERN_ADMIN_EMAIL: ADMIN.email,
    LECTERN_ADMIN_PASSWORD: ADMIN.password,
    LOGIN_RATE_LIMIT: '1000',
    ASK_RATE_LIMIT: '1000',
    ...env,
  });
  const accounts = t.app.get(Accounts);
  const users = {
    admin: accounts.findUser(ADMIN.email),
    outsider: await accounts.createUser({ email: 'outsider@lectern.test', password: 'outsider-pw-1' }),
    student: await accounts.createUser({ email: 'student@lectern.test', password: 'student-pw-1' }),
    instructor: await accounts.createUser({ email: 'instructor@lectern.test', password: 'instructor-pw-1' }),
    owner: await accounts.createUser({ email: 'owner@lectern.test', password: 'owner-pw-1' }),
  };
  const principal = (user: UserRow): Principal => ({ user, via: 'session', key: null });
  const cookie = (caller: Caller): string | null => {
    if (caller === 'anonymous' || caller === 'key' || caller === 'revokedKey') return null;
    return `lectern_session=${accounts.openSession(users[caller]).sessionToken}`;
  };

  const world = async (options: { ready?: boolean; document?: boolean } = {}): Promise<ProjectWorld> => {
    const n = ++worlds;
    const adminCookie = cookie('admin')!;
    const created = await t
      .http()
      .post('/projects')
      .set('Cookie', adminCookie)
      .send({ name: `course ${n}` })
      .expect(201);
    const projectId = created.body.id as string;
    const members = t.app.get(ProjectMembers);
    for (const role of MEMBER_ROLES) members.add(null, projectId, users[role].email, role as ProjectRole);
    let documentId = '';
    let articleId: string | null = null;
    if (options.document !== false) {
      const pdf = buildTextPdf([
        [{ text: `Course reading ${n}`, size: 18, bold: true }, 'Introduction', `Entity linking maps mentions to entries, reading ${n}.`],
      ]);
      const upload = await t
        .http()
        .post(`/projects/${projectId}/documents`)
        .set('Cookie', adminCookie)
        .attach('files', pdf, `reading-${n}.pdf`);
      documentId = upload.body.documents[0].id as string;
      articleId = options.ready ? (await waitForDocument(t, documentId, 60_000, adminCookie)).articleId : null;
    }
    const keys = t.app.get(ApiKeys);
    const owner = principal(users.owner);
    const key = keys.create(owner, { name: 'grader', projectId, role: 'student' }).key;
    const revoked = keys.create(owner, { name: 'old grader', projectId, role: 'student' });
    keys.revoke(owner, revoked.id);
    const ownerKeyId = keys.create(owner, { name: 'spare', projectId }).id;
    const invite = t.app.get(Invites).create(owner, projectId, { role: 'student' });
    const conversation = t.app
      .get(ProjectConversations)
      .create(ConversationTitleCommand.create({ projectId, title: 'reading notes' }), users.owner.id);
    return {
      projectId,
      documentId,
      articleId,
      key,
      revokedKey: revoked.key,
      userIds: { student: users.student.id, instructor: users.instructor.id, owner: users.owner.id },
      ownerKeyId,
      inviteId: invite.id,
      inviteToken: invite.token,
      conversationId: conversation.id,
    };
  };

  return { t, users, cookie, world, principal, close: () => t.close() };
}
