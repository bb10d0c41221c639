import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { Test } from 'supertest';
import { buildTextPdf } from './fixtures/pdf-fixtures';
import { CALLERS, startAccessApp, type AccessApp, type Caller, type ProjectWorld } from './support/access-world';
import { declaredRoutes } from './support/nest-routes';
import { REPO_ROOT } from './support/paths';
import { MCP_HEADERS, MCP_INITIALIZE } from './support/mcp-handshake';

/**
 * Every route × every kind of caller → the status it must answer. Columns, in order:
 *   anonymous  outsider  student  instructor  owner  admin  key (a student API key of the project)  revokedKey
 * A route the app serves without a row here fails the first test, naming it: add its row when you add a route.
 * `fresh`: each cell gets its own project (the route destroys or changes what it touches); `'document'`: with a PDF in it.
 */
interface Row {
  expect: string;
  fresh?: boolean | 'document';
  /** Path parameters beyond the defaults of `params` below. */
  params?: (w: ProjectWorld) => Record<string, string>;
  body?: (n: number) => object;
  /** Sends a PDF as multipart `files`. */
  upload?: boolean;
  query?: (w: ProjectWorld) => Record<string, string>;
  headers?: Record<string, string>;
}

const PAGE = existsSync(path.join(REPO_ROOT, 'dist', 'web', 'index.html')) ? '200' : '503';
const everyone = (status: string) => CALLERS.map(() => status).join(' ');
let unique = 0;

export const MATRIX: Record<string, Row> = {
  // Public: anyone, with or without credentials.
  'GET /health': { expect: everyone('200') },
  'GET /auth/config': { expect: everyone('200') },
  'POST /auth/login': { expect: everyone('401'), body: () => ({ email: 'nobody@lectern.test', password: 'not-the-password' }) },
  'POST /auth/setup': { expect: everyone('403'), body: () => ({ token: 'wrong', email: 'x@lectern.test', password: 'long-enough-1' }) },
  'POST /auth/logout': { expect: everyone('204') },
  // Not configured in this app: "Sign in with …" is tested against a real provider in oidc.e2e-spec.ts.
  'GET /auth/oidc/start': { expect: everyone('404') },
  'GET /auth/oidc/callback': { expect: everyone('404') },
  'GET /invites/{token}': { expect: everyone('200') },
  'GET /': { expect: everyone(PAGE) },
  'GET /login': { expect: everyone(PAGE) },
  'GET /setup': { expect: everyone(PAGE) },
  'GET /invite': { expect: everyone(PAGE) },
  'GET /p/{projectId}': { expect: everyone(PAGE) },

  // Signed in, whoever you are.
  'GET /auth/me': { expect: '401 200 200 200 200 200 200 401' },
  'GET /projects': { expect: '401 200 200 200 200 200 200 401' },
  'POST /invites/{token}/accept': { expect: '401 200 200 200 200 200 403 401', fresh: true },
  'POST /api-keys': { expect: '401 201 201 201 201 201 403 401', body: (n) => ({ name: `script ${n}` }) },
  'GET /api-keys': { expect: '401 200 200 200 200 200 403 401' },
  'DELETE /api-keys/{id}': { expect: '401 404 404 404 204 204 403 401', fresh: true, params: (w) => ({ id: w.ownerKeyId }) },

  // Admins.
  'GET /users': { expect: '401 403 403 403 403 200 403 401' },
  'POST /users': { expect: '401 403 403 403 403 201 403 401', body: (n) => ({ email: `new${n}@lectern.test`, password: 'new-user-pw-1' }) },
  'POST /projects': { expect: '401 403 403 403 403 201 403 401', body: (n) => ({ name: `new course ${n}` }) },

  // Students and up: read, search, chat, explore.
  'GET /projects/{id}': { expect: '401 404 200 200 200 200 200 401', params: (w) => ({ id: w.projectId }) },
  'GET /projects/{projectId}/documents': { expect: '401 404 200 200 200 200 200 401' },
  'GET /documents/{id}': { expect: '401 404 200 200 200 200 200 401', params: (w) => ({ id: w.documentId }) },
  'GET /documents/{id}/file': { expect: '401 404 200 200 200 200 200 401', params: (w) => ({ id: w.documentId }) },
  'GET /articles/{id}/outline': { expect: '401 404 200 200 200 200 200 401', params: (w) => ({ id: w.articleId! }) },
  'GET /articles/{id}/sections/{sectionId}/contexts': { expect: '401 404 200 200 200 200 200 401', params: (w) => ({ id: w.articleId! }) },
  'GET /projects/{projectId}/contexts/{contextId}': { expect: '401 404 200 200 200 200 200 401' },
  'POST /projects/{projectId}/search': { expect: '401 404 200 200 200 200 200 401', body: () => ({ query: 'entity linking' }) },
  'POST /projects/{projectId}/chat': {
    expect: '401 404 200 200 200 200 200 401',
    body: () => ({ messages: [{ role: 'user', content: 'What is entity linking?' }] }),
  },
  'POST /projects/{projectId}/explore': {
    expect: '401 404 200 200 200 200 200 401',
    body: () => ({ question: 'What is entity linking?' }),
  },

  // Conversations are their maker's: the owner started this one (the key acts as its creator, the owner).
  'GET /projects/{projectId}/conversations': { expect: '401 404 200 200 200 200 200 401' },
  'POST /projects/{projectId}/conversations': { expect: '401 404 201 201 201 201 201 401', body: (n) => ({ title: `notes ${n}` }) },
  'GET /projects/{projectId}/conversations/{conversationId}': {
    expect: '401 404 404 404 200 404 200 401',
    params: (w) => ({ conversationId: w.conversationId }),
  },
  'GET /projects/{projectId}/conversations/{conversationId}/export.md': {
    expect: '401 404 404 404 200 404 200 401',
    params: (w) => ({ conversationId: w.conversationId }),
  },
  'PATCH /projects/{projectId}/conversations/{conversationId}': {
    expect: '401 404 404 404 200 404 200 401',
    params: (w) => ({ conversationId: w.conversationId }),
    body: (n) => ({ title: `retitled ${n}` }),
  },
  'DELETE /projects/{projectId}/conversations/{conversationId}': {
    expect: '401 404 404 404 204 404 204 401',
    fresh: true,
    params: (w) => ({ conversationId: w.conversationId }),
  },

  // MCP: any signed-in caller may open a session, on a project they are a member of (else: as if it did not exist).
  'POST /mcp': {
    expect: '401 404 200 200 200 200 200 401',
    query: (w) => ({ project: w.projectId }),
    headers: MCP_HEADERS,
    body: () => MCP_INITIALIZE,
  },
  'GET /mcp': { expect: '401 400 400 400 400 400 400 401', headers: MCP_HEADERS },
  'DELETE /mcp': { expect: '401 400 400 400 400 400 400 401' },
  // Importing makes a new project, like POST /projects: admins only (the file is checked before anything is kept).
  'POST /projects/import': { expect: '401 403 403 403 403 400 403 401' },

  // Instructors and up: documents, export, members list, invites.
  'POST /projects/{projectId}/documents': { expect: '401 404 403 202 202 202 403 401', upload: true },
  'DELETE /documents/{id}': { expect: '401 404 403 204 204 204 403 401', fresh: 'document', params: (w) => ({ id: w.documentId }) },
  'POST /documents/{id}/retry': { expect: '401 404 403 409 409 409 403 401', params: (w) => ({ id: w.documentId }) },
  'GET /projects/{projectId}/export': { expect: '401 404 403 200 200 200 403 401' },
  'GET /projects/{projectId}/members': { expect: '401 404 403 200 200 200 403 401' },
  'GET /projects/{projectId}/invites': { expect: '401 404 403 200 200 200 403 401' },
  'POST /projects/{projectId}/invites': { expect: '401 404 403 201 201 201 403 401', body: () => ({ role: 'student' }) },
  'DELETE /projects/{projectId}/invites/{inviteId}': { expect: '401 404 403 204 204 204 403 401', fresh: true },

  // Owners (and admins): the project itself, members, the audit trail.
  'PATCH /projects/{id}': {
    expect: '401 404 403 403 200 200 403 401',
    fresh: true,
    params: (w) => ({ id: w.projectId }),
    body: (n) => ({ name: `renamed ${n}` }),
  },
  'DELETE /projects/{id}': { expect: '401 404 403 403 204 204 403 401', fresh: true, params: (w) => ({ id: w.projectId }) },
  'POST /projects/{projectId}/members': {
    expect: '401 404 403 403 201 201 403 401',
    fresh: true,
    body: () => ({ email: 'outsider@lectern.test', role: 'student' }),
  },
  'PATCH /projects/{projectId}/members/{userId}': {
    expect: '401 404 403 403 200 200 403 401',
    fresh: true,
    body: () => ({ role: 'instructor' }),
  },
  'DELETE /projects/{projectId}/members/{userId}': { expect: '401 404 403 403 204 204 403 401', fresh: true },
  'GET /projects/{projectId}/audit': { expect: '401 404 403 403 200 200 403 401' },
};

describe('authorization matrix (e2e)', () => {
  let a: AccessApp;
  let shared: ProjectWorld;
  let contextId: string;
  let sectionId: string;

  beforeAll(async () => {
    a = await startAccessApp();
    shared = await a.world({ ready: true });
    const search = await a.t
      .http()
      .post(`/projects/${shared.projectId}/search`)
      .set('Cookie', a.cookie('admin')!)
      .send({ query: 'entity linking' })
      .expect(200);
    contextId = search.body.results[0].contextId;
    sectionId = search.body.results[0].section.id;
  }, 120_000);

  afterAll(() => a.close());

  it('has a row for every route the app serves, and a route for every row', () => {
    const served = declaredRoutes(a.t.app).map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect({ routesWithoutARow: served.filter((route) => !(route in MATRIX)) }).toEqual({ routesWithoutARow: [] });
    expect({ rowsWithoutARoute: Object.keys(MATRIX).filter((route) => !served.includes(route)) }).toEqual({ rowsWithoutARoute: [] });
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(`${route}: ${row.expect}`, async () => {
      const statuses: string[] = [];
      for (const caller of CALLERS) {
        const world = row.fresh ? await a.world({ document: row.fresh === 'document' }) : shared;
        statuses.push(String((await call(route, row, caller, world)).status));
      }
      expect({ route, statuses: statuses.join(' ') }).toEqual({ route, statuses: row.expect });
    }, 60_000);
  }

  function call(route: string, row: Row, caller: Caller, w: ProjectWorld): Test {
    const [method, template] = route.split(' ');
    const params: Record<string, string> = {
      projectId: w.projectId,
      contextId,
      sectionId,
      token: w.inviteToken,
      inviteId: w.inviteId,
      userId: w.userIds.student,
      ...row.params?.(w),
    };
    const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `missing-${name}`));
    let req = a.t.http()[method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete'](url);
    const cookie = a.cookie(caller);
    if (cookie) req = req.set('Cookie', cookie);
    if (caller === 'key') req = req.set('Authorization', `Bearer ${w.key}`);
    if (caller === 'revokedKey') req = req.set('Authorization', `Bearer ${w.revokedKey}`);
    if (row.query) req = req.query(row.query(w));
    for (const [name, value] of Object.entries(row.headers ?? {})) req = req.set(name, value);
    if (row.upload) return req.attach('files', buildTextPdf([['An upload by ' + caller]]), `${caller}.pdf`);
    return row.body ? req.send(row.body(++unique)) : req;
  }
});
