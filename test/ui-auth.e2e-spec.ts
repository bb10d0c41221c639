import { Accounts, Invites, ProjectCatalog, ProjectMembers } from '@lectern/application';
import type { Page } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { openUiSession, type UiSession } from './support/ui-session';

const ADMIN = { email: 'admin@lectern.test', password: 'admin-password-1' };
const STUDENT = { email: 'student@lectern.test', password: 'student-pw-1' };
const WAIT = { timeout: 30_000 };
jest.setTimeout(120_000);

const run = browserAvailable() ? describe : describe.skip;

/** Sign-in, the user menu, Members and API keys, what a student sees, and an invite link, in Chromium under the CSP. */
run('accounts in the UI, in Chromium (e2e)', () => {
  let ui: UiSession;
  let page: Page;
  let projectId: string;

  beforeAll(async () => {
    ui = await openUiSession(
      { AUTH: 'on', EMBEDDINGS: 'lexical', LECTERN_ADMIN_EMAIL: ADMIN.email, LECTERN_ADMIN_PASSWORD: ADMIN.password },
      { width: 1280, height: 860 },
    );
    page = ui.page;
    const app = ui.t.app;
    const admin = app.get(Accounts).findUser(ADMIN.email);
    await app.get(Accounts).createUser({ email: STUDENT.email, password: STUDENT.password });
    projectId = app.get(ProjectCatalog).create('Course readings').id;
    app.get(ProjectMembers).add(null, projectId, admin.email, 'owner');
    app.get(ProjectMembers).add(null, projectId, STUDENT.email, 'student');
  });
  afterAll(() => ui?.close());

  const signIn = async (who: { email: string; password: string }) => {
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  it('asks an anonymous visitor to sign in, then shows the admin everything with Members and API keys', async () => {
    await page.goto(ui.base);
    await page.getByRole('heading', { name: 'Sign in to Lectern' }).waitFor(WAIT);
    await signIn({ ...ADMIN, password: 'wrong password' });
    await page.getByRole('alert').filter({ hasText: 'wrong email or password' }).waitFor(WAIT);
    await signIn(ADMIN);
    await page.getByText('Course readings').first().waitFor(WAIT);
    await page.getByLabel('Upload PDFs').waitFor({ state: 'attached', ...WAIT });
    await page.getByText('Export corpus (SQLite)').waitFor(WAIT);
    await page.getByText('Members', { exact: true }).click();
    await page.getByLabel(`Role of ${STUDENT.email}`).waitFor(WAIT);
    await page.getByRole('button', { name: 'Create invite link' }).click();
    const link = await page.getByLabel('Invite link').inputValue();
    expect(link).toMatch(/\/invite\?token=[\w-]{40,}$/);
    await page.getByText('API keys', { exact: true }).click();
    await page.getByLabel('New key name').fill('grader');
    await page.getByRole('button', { name: 'Create key' }).click();
    expect(await page.locator('.new-key').textContent()).toMatch(/^lk_/);
    await ui.shot('auth-admin');
  });

  it('signs out from the user menu, and shows a student no upload, remove, export or settings', async () => {
    await page.getByLabel(`Account: ${ADMIN.email}`).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Lectern' }).waitFor(WAIT);
    await signIn(STUDENT);
    await page.getByText('Course readings').first().waitFor(WAIT);
    await page.getByText('No papers yet.').waitFor(WAIT);
    expect(await page.getByLabel('Upload PDFs').count()).toBe(0);
    expect(await page.getByText('Export corpus (SQLite)').count()).toBe(0);
    expect(await page.getByText('Project settings').count()).toBe(0);
    expect(await page.getByText('Members', { exact: true }).count()).toBe(0);
    expect(await page.getByText('+ New project').count()).toBe(0);
    await ui.shot('auth-student');
  });

  it('lets a signed-in user join a project through an invite link', async () => {
    const app = ui.t.app;
    const owner = { user: app.get(Accounts).findUser(ADMIN.email), via: 'session' as const, key: null };
    const other = app.get(ProjectCatalog).create('Seminar');
    app.get(ProjectMembers).add(null, other.id, ADMIN.email, 'owner');
    const invite = app.get(Invites).create(owner, other.id, { role: 'student' });
    await page.goto(`${ui.base}/invite?token=${invite.token}`);
    await page.getByRole('heading', { name: 'Join Seminar' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Join' }).click();
    await page.waitForURL(`**/p/${other.id}`, WAIT);
    await page.getByText('Seminar').first().waitFor(WAIT);
  });

  it('ran with no console errors: no CSP violation, no failed request', () => {
    expect(ui.errors.filter((e) => !/401 \(Unauthorized\)|the server responded with a status of 401/.test(e))).toEqual([]);
  });
});
