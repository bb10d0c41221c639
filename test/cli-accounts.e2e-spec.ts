import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CatalogDb } from '@lectern/corpus';
import { runLectern } from './support/cli';
import { freePort } from './support/free-port';
import { startTestApp } from './support/test-app';

/** The operator's account commands on a data directory, and the setup link a fresh `lectern serve` prints. */
describe('lectern users / members / api-keys (e2e)', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-cli-accounts-'));
  });
  afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

  const lectern = async (args: string[], input?: string) =>
    await runLectern(args, { LECTERN_DATA_DIR: dataDir, EMBEDDINGS: 'lexical' }, input).done;

  it('adds users, a member and a project API key that then calls the API', async () => {
    const noAdmin = await lectern(['api-keys', 'create', '--project', 'course', '--name', 'grader']);
    expect(noAdmin.code).toBe(2);
    expect((await lectern(['users', 'add', 'ada@example.edu', '--admin', '--password-stdin'], 'admin-password\n')).stdout).toBe(
      'created admin ada@example.edu\n',
    );
    const noPassword = await lectern(['users', 'add', 'bob@example.edu']);
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toMatch(/--password-stdin/);
    await lectern(['users', 'add', 'bob@example.edu', '--password-stdin'], 'student-password\n');
    const list = await lectern(['users', 'list']);
    expect(list.stdout.split('\n').map((line) => line.split('\t').slice(0, 2).join(' '))).toEqual([
      'ada@example.edu admin',
      'bob@example.edu user',
      '',
    ]);

    const catalog = CatalogDb.open(dataDir);
    const projectId = catalog.projects.create('course').id;
    catalog.close();
    expect((await lectern(['members', 'add', '--project', 'course', 'bob@example.edu', '--role', 'student'])).stdout).toBe(
      'bob@example.edu is student in course\n',
    );
    const created = await lectern(['api-keys', 'create', '--project', 'course', '--name', 'grader']);
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^lk_\w{8}_[\w-]{20,}$/);
    expect(created.stderr).not.toContain(key);

    const t = await startTestApp({ LECTERN_DATA_DIR: dataDir, AUTH: 'on', EMBEDDINGS: 'lexical' });
    try {
      await t.http().get(`/projects/${projectId}`).set('Authorization', `Bearer ${key}`).expect(200);
      await t.http().delete(`/projects/${projectId}`).set('Authorization', `Bearer ${key}`).expect(403);
      const login = await t.http().post('/auth/login').send({ email: 'bob@example.edu', password: 'student-password' }).expect(200);
      const cookie = (login.headers['set-cookie'][0] as string).split(';')[0];
      const projects = await t.http().get('/projects').set('Cookie', cookie).expect(200);
      expect(projects.body.map((p: { name: string }) => p.name)).toEqual(['course']);
    } finally {
      await t.app.close();
    }
  });

  it('prints a one-time setup link on a first start, which creates the admin', async () => {
    const port = await freePort();
    const serve = runLectern(['serve'], { LECTERN_DATA_DIR: dataDir, EMBEDDINGS: 'lexical', PORT: String(port), INGEST_WORKER: 'off' });
    try {
      const link = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no setup link in: ${serve.result.stdout}`)), 30_000);
        serve.child.stdout.on('data', () => {
          const match = /(http:\/\/127\.0\.0\.1:\d+\/setup\?token=[\w-]+)/.exec(serve.result.stdout);
          // The link is logged while the app boots; the port answers once "listening on" follows.
          if (match && serve.result.stdout.includes('listening on')) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
      });
      expect(link).toContain(`:${port}/setup?token=`);
      const token = new URL(link).searchParams.get('token');
      const res = await fetch(`http://127.0.0.1:${port}/auth/setup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token, email: 'first@example.edu', password: 'first-admin-pw' }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('set-cookie')).toMatch(/^lectern_session=/);
      // No password, key or cookie reached the log.
      expect(serve.result.stdout + serve.result.stderr).not.toMatch(/first-admin-pw|lectern_session/);
    } finally {
      serve.child.kill('SIGTERM');
      await serve.done;
    }
    // A stop leaves its reason in the log.
    expect(serve.result.stdout).toMatch(/stopped \(SIGTERM\)/);
  }, 60_000);
});
