import { Accounts } from '@lectern/application';
import { buildTextPdf } from './fixtures/pdf-fixtures';
import { startAccessApp, type AccessApp } from './support/access-world';
import { startTestApp } from './support/test-app';

/** Sign-in, sessions, throttling, cross-site refusal, headers and invites over HTTP, with AUTH=on. */
describe('accounts and access (e2e)', () => {
  let a: AccessApp;
  let address = 0;
  /** Each test signs in from its own address (the app trusts X-Forwarded-For from loopback), so budgets do not mix. */
  const from = () => `10.0.0.${++address}`;

  beforeAll(async () => {
    a = await startAccessApp({
      LOGIN_RATE_LIMIT: '3',
      ASK_RATE_LIMIT: '2',
      CORS_ORIGINS: 'https://partner.example.edu',
      ALLOWED_HOSTS: 'lectern.test,localhost,127.0.0.1',
    });
  }, 60_000);
  afterAll(() => a.close());

  const login = (email: string, password: string, ip = from()) =>
    a.t.http().post('/auth/login').set('X-Forwarded-For', ip).send({ email, password });

  it('signs in with an httpOnly SameSite=Lax cookie (Secure over HTTPS), and signs out', async () => {
    const res = await login('student@lectern.test', 'student-pw-1').expect(200);
    expect(res.body.user).toMatchObject({ email: 'student@lectern.test', role: 'user' });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
    const cookie = res.headers['set-cookie'][0] as string;
    expect(cookie).toMatch(/^lectern_session=[\w-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const session = cookie.split(';')[0];
    await a.t.http().get('/auth/me').set('Cookie', session).expect(200);
    await a.t.http().post('/auth/logout').set('Cookie', session).expect(204);
    await a.t.http().get('/auth/me').set('Cookie', session).expect(401);

    const https = await login('student@lectern.test', 'student-pw-1').set('X-Forwarded-Proto', 'https').expect(200);
    expect(https.headers['set-cookie'][0]).toMatch(/; Secure/);
  });

  it('answers 429 after a handful of attempts on one account, even from many addresses', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await login('owner@lectern.test', 'wrong password')).status);
    statuses.push((await login('owner@lectern.test', 'owner-pw-1')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another account is not affected.
    await login('instructor@lectern.test', 'instructor-pw-1').expect(200);
  });

  it('answers 429 after many attempts from one address, whatever the accounts', async () => {
    const ip = from();
    const statuses = [];
    for (let i = 0; i < 16; i++) statuses.push((await login(`guess${i}@lectern.test`, 'wrong password', ip)).status);
    expect(statuses.slice(0, 15)).toEqual(Array(15).fill(401));
    expect(statuses[15]).toBe(429);
  });

  it('gives each user a budget of chat and explore requests per minute', async () => {
    const world = await a.world({ document: false });
    const chat = (cookie: string) =>
      a.t
        .http()
        .post(`/projects/${world.projectId}/chat`)
        .set('Cookie', cookie)
        .send({ messages: [{ role: 'user', content: 'What is it about?' }] });
    const student = a.cookie('student')!;
    const statuses = [(await chat(student)).status, (await chat(a.cookie('student')!)).status, (await chat(student)).status];
    expect(statuses).toEqual([200, 200, 429]);
    await chat(a.cookie('instructor')!).expect(200);
  });

  it('refuses state-changing requests from another site, with or without a session', async () => {
    const world = await a.world({ document: false });
    const admin = a.cookie('admin')!;
    const upload = (headers: Record<string, string>) =>
      a.t
        .http()
        .post(`/projects/${world.projectId}/documents`)
        .set({ Cookie: admin, ...headers })
        .attach('files', buildTextPdf([['A cross-site upload']]), 'cross.pdf');
    expect((await upload({ Origin: 'http://evil.example' })).status).toBe(403);
    expect((await upload({ 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await upload({ 'Sec-Fetch-Site': 'same-site', Origin: 'http://sub.lectern.test' })).status).toBe(403);
    expect((await upload({ Origin: 'null' })).status).toBe(403);
    const listed = await a.t.http().get(`/projects/${world.projectId}/documents`).set('Cookie', admin).expect(200);
    expect(listed.body).toEqual([]);
    await a.t.http().post('/auth/logout').set('Origin', 'http://evil.example').expect(403);
    // The page's own origin, a named partner origin, and programs that send no Origin pass.
    expect((await upload({ Host: 'lectern.test', Origin: 'http://lectern.test', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(202);
    expect((await upload({ Origin: 'https://partner.example.edu' })).status).toBe(202);
    expect((await upload({})).status).toBe(202);
  });

  it('sends protective headers and no X-Powered-By', async () => {
    const res = await a.t.http().get('/health').expect(200);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    // CORS only for the named origin.
    const partner = await a.t.http().get('/health').set('Origin', 'https://partner.example.edu');
    expect(partner.headers['access-control-allow-origin']).toBe('https://partner.example.edu');
    const other = await a.t.http().get('/health').set('Origin', 'http://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a signed-in user join through an invite link until it is revoked', async () => {
    const world = await a.world({ document: false });
    const owner = a.cookie('owner')!;
    const created = await a.t
      .http()
      .post(`/projects/${world.projectId}/invites`)
      .set('Cookie', owner)
      .send({ role: 'student', expiresInHours: 24 })
      .expect(201);
    expect(created.body.url).toMatch(/\/invite\?token=[\w-]{40,}$/);
    const outsider = a.cookie('outsider')!;
    await a.t.http().get(`/projects/${world.projectId}`).set('Cookie', outsider).expect(404);
    const preview = await a.t.http().get(`/invites/${created.body.token}`).expect(200);
    expect(preview.body).toEqual({
      projectId: world.projectId,
      projectName: expect.any(String),
      role: 'student',
      expiresAt: created.body.expiresAt,
    });
    await a.t.http().post(`/invites/${created.body.token}/accept`).set('Cookie', outsider).expect(200);
    await a.t.http().get(`/projects/${world.projectId}`).set('Cookie', outsider).expect(200);
    const projects = await a.t.http().get('/projects').set('Cookie', outsider).expect(200);
    expect(projects.body.map((p: { id: string }) => p.id)).toEqual([world.projectId]);

    await a.t.http().delete(`/projects/${world.projectId}/invites/${created.body.id}`).set('Cookie', owner).expect(204);
    const newcomer = await a.t.app.get(Accounts).createUser({ email: 'newcomer@lectern.test', password: 'newcomer-pw-1' });
    const newcomerCookie = `lectern_session=${a.t.app.get(Accounts).openSession(newcomer).sessionToken}`;
    const refused = await a.t.http().post(`/invites/${created.body.token}/accept`).set('Cookie', newcomerCookie).expect(410);
    expect(refused.body.message).toMatch(/revoked/);

    const audit = await a.t.http().get(`/projects/${world.projectId}/audit`).set('Cookie', owner).expect(200);
    expect(audit.body.map((e: { action: string }) => e.action).slice(0, 3)).toEqual(['invite.revoke', 'invite.accept', 'invite.create']);
  });

  it('lets a program with a project API key explore, and nothing else once it is revoked', async () => {
    const world = await a.world({ document: false });
    const bearer = { Authorization: `Bearer ${world.key}` };
    await a.t.http().post(`/projects/${world.projectId}/explore`).set(bearer).send({ question: 'What is it about?' }).expect(200);
    const other = await a.world({ document: false });
    await a.t.http().get(`/projects/${other.projectId}`).set(bearer).expect(404);
    const listed = await a.t.http().get('/projects').set(bearer).expect(200);
    expect(listed.body.map((p: { id: string }) => p.id)).toEqual([world.projectId]);
    await a.t
      .http()
      .post(`/projects/${world.projectId}/explore`)
      .set({ Authorization: `Bearer ${world.revokedKey}` })
      .send({ question: 'x' })
      .expect(401);
  });

  it('creates the first admin through the one-time setup link, once', async () => {
    const fresh = await startTestApp({ AUTH: 'on', EMBEDDINGS: 'lexical' });
    try {
      expect((await fresh.http().get('/auth/config').expect(200)).body).toMatchObject({ enabled: true, setupOpen: true });
      // The start printed a link to the log; a new one replaces it (as a restart would), and that is the one used here.
      const token = fresh.app.get(Accounts).openSetup()!;
      await fresh.http().get('/projects').expect(401);
      const body = { token, email: 'first@lectern.test', password: 'first-admin-pw' };
      await fresh
        .http()
        .post('/auth/setup')
        .send({ ...body, token: 'guess' })
        .expect(403);
      const done = await fresh.http().post('/auth/setup').send(body).expect(201);
      expect(done.body.user).toMatchObject({ email: 'first@lectern.test', role: 'admin' });
      const cookie = (done.headers['set-cookie'][0] as string).split(';')[0];
      await fresh.http().post('/projects').set('Cookie', cookie).send({ name: 'first course' }).expect(201);
      await fresh
        .http()
        .post('/auth/setup')
        .send({ ...body, email: 'second@lectern.test' })
        .expect(403);
      expect((await fresh.http().get('/auth/config').expect(200)).body.setupOpen).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});
