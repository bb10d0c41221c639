import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { CLIENT_TYPES_FILE, generateOpenApiFiles, OPENAPI_FILE } from '../apps/api/scripts/openapi-files';
import { DOCS_PATH, OPENAPI_JSON_PATH } from '../apps/api/src/openapi/openapi.document';
import { browserAvailable, collectPageErrors, launchChromium } from './support/browser';
import { declaredRoutes, expressRoutes, type DeclaredRoute } from './support/nest-routes';
import { REPO_ROOT } from './support/paths';
import { binaryBody, startTestApp, type TestApp } from './support/test-app';

interface MediaType {
  schema?: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; schema?: unknown }>;
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { description: string; content?: Record<string, MediaType> }>;
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, Record<string, unknown>>; required?: string[] }> };
}

const inBrowser = browserAvailable() ? it : it.skip;

/** Success answers with no body: 204 No Content and 304 Not Modified. */
const BODYLESS = new Set(['204', '302', '304']);
/** The UI's pages answer "not built" themselves, in plain text; every other error goes through the JSON exception filter. */
const PLAIN_TEXT_ERRORS = new Set(['WebController.home', 'WebController.project']);

describe('OpenAPI document and Swagger UI (e2e)', () => {
  let t: TestApp;
  let document: OpenApi;
  let routes: DeclaredRoute[];

  beforeAll(async () => {
    t = await startTestApp();
    const res = await t
      .http()
      .get(OPENAPI_JSON_PATH)
      .expect(200)
      .expect('Content-Type', /application\/json/);
    document = res.body as OpenApi;
    routes = declaredRoutes(t.app);
  });

  afterAll(() => t.close());

  it('finds the routes the Express router answers in the controllers (the list the checks below walk)', () => {
    const served = expressRoutes(t.app).filter((route) => !/ (\/docs|\/openapi\.json)/.test(route));
    const declared = routes.map((r) => `${r.method.toUpperCase()} ${r.path.replace(/\{(\w+)\}/g, ':$1')}`);
    expect(new Set(served)).toEqual(new Set(declared));
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it('documents every route, under a tag, with its path parameters', () => {
    for (const route of routes) {
      const operation = document.paths[route.path]?.[route.method];
      expect({ route: route.handler, documented: operation !== undefined }).toEqual({ route: route.handler, documented: true });
      expect(operation.tags?.length).toBeGreaterThan(0);
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect({ route: route.handler, pathParams: pathParams.sort() }).toEqual({
        route: route.handler,
        pathParams: [...route.pathParams].sort(),
      });
    }
    const documented = Object.entries(document.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('gives every route that reads a body its request schema', () => {
    for (const route of routes) {
      const body = document.paths[route.path][route.method].requestBody;
      expect({ route: route.handler, hasBody: body !== undefined }).toEqual({ route: route.handler, hasBody: route.takesBody });
      if (!body) continue;
      const contents = Object.values(body.content);
      expect(contents.length).toBeGreaterThan(0);
      for (const media of contents) expect(media.schema).toEqual(expect.any(Object));
    }
  });

  it('gives every route a success answer with its schema, and its errors as JSON error bodies', () => {
    for (const route of routes) {
      const responses = document.paths[route.path][route.method].responses;
      const statuses = Object.keys(responses);
      // A redirect is the success of the sign-in hand-offs (OIDC).
      const successes = statuses.filter((s) => s.startsWith('2') || s === '302');
      expect({ route: route.handler, successes: successes.length > 0 }).toEqual({ route: route.handler, successes: true });
      for (const status of statuses) {
        const response = responses[status];
        expect(response.description).toEqual(expect.any(String));
        if (BODYLESS.has(status)) {
          expect(response.content).toBeUndefined();
          continue;
        }
        const contents = Object.entries(response.content ?? {});
        expect({ route: route.handler, status, contents: contents.length > 0 }).toEqual({ route: route.handler, status, contents: true });
        for (const [, media] of contents) expect(media.schema).toEqual(expect.any(Object));
      }
      for (const status of statuses.filter((s) => /^[45]/.test(s))) {
        const expected = PLAIN_TEXT_ERRORS.has(route.handler) ? 'text/plain' : 'application/json';
        expect({ route: route.handler, status, types: Object.keys(responses[status].content ?? {}) }).toEqual({
          route: route.handler,
          status,
          types: [expected],
        });
      }
    }
  });

  it('documents the streams and downloads with their content types', () => {
    const ok = (p: string, m: string) => Object.keys(document.paths[p][m].responses['200'].content ?? {});
    expect(ok('/projects/{projectId}/chat', 'post')).toEqual(['application/json', 'text/event-stream']);
    expect(ok('/projects/{projectId}/explore', 'post')).toEqual(['application/json', 'text/event-stream']);
    expect(ok('/documents/{id}/file', 'get')).toEqual(['application/pdf']);
    expect(ok('/projects/{projectId}/export', 'get')).toEqual(['application/vnd.sqlite3']);
    expect(Object.keys(document.paths['/projects/{projectId}/documents'].post.requestBody!.content)).toEqual(['multipart/form-data']);
  });

  it('gives every property of every schema a type, and every reference a target', () => {
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      for (const [property, spec] of Object.entries(schema.properties ?? {})) {
        const typed = ['type', '$ref', 'allOf', 'oneOf', 'anyOf', 'enum'].some((key) => key in spec);
        expect({ schema: name, property, typed }).toEqual({ schema: name, property, typed: true });
      }
      for (const required of schema.required ?? []) expect(Object.keys(schema.properties ?? {})).toContain(required);
    }
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) expect(Object.keys(document.components.schemas)).toContain(ref);
  });

  it('serves the document in the tree, and the tree and the last commit hold what the code generates now', async () => {
    const inTree = async (file: string) => fs.readFile(path.join(REPO_ROOT, file), 'utf8');
    expect(document).toEqual(JSON.parse(await inTree(OPENAPI_FILE)));
    const generated = await generateOpenApiFiles();
    const stale: string[] = [];
    for (const file of [OPENAPI_FILE, CLIENT_TYPES_FILE]) {
      if (generated[file] !== (await inTree(file))) stale.push(`${file} (in the tree)`);
      // The build rewrites both files, so in CI only the commit can still be stale.
      const committed = lastCommitted(file);
      if (committed !== undefined && generated[file] !== committed) stale.push(`${file} (in HEAD)`);
    }
    // Regenerate with `npm run build:openapi` and commit both files.
    expect(stale).toEqual([]);
  });

  it('renders Swagger UI at /docs from assets the server itself serves', async () => {
    const res = await t
      .http()
      .get(DOCS_PATH)
      .expect(200)
      .expect('Content-Type', /text\/html/);
    const page = res.text;
    expect(page).toContain('id="swagger-ui"');
    // Resolved the way a browser resolves them against the page's own URL.
    const base = new URL(DOCS_PATH, 'http://lectern.test');
    const assets = [...page.matchAll(/(?:src|href)="([^"]+)"/g)]
      .map((m) => new URL(m[1], base))
      .filter((url) => /\.(js|css|png)$/.test(url.pathname));
    expect(assets.every((url) => url.origin === base.origin)).toBe(true);
    const kinds = assets.map((url) => path.extname(url.pathname));
    expect(kinds).toEqual(expect.arrayContaining(['.js', '.css']));
    for (const url of assets) {
      const asset = await binaryBody(t.http().get(url.pathname));
      expect({ asset: url.pathname, status: asset.status }).toEqual({ asset: url.pathname, status: 200 });
      expect((asset.body as Buffer).length).toBeGreaterThan(0);
    }
    const init = await t.http().get(`${DOCS_PATH}/swagger-ui-init.js`).expect(200);
    expect(init.text).toContain('"Lectern API"');
  });

  inBrowser(
    'shows every operation in Swagger UI, with the network beyond the server cut off',
    async () => {
      await t.app.listen(0, '127.0.0.1');
      const base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const errors = collectPageErrors(page);
        const outside: string[] = [];
        await page.route('**/*', (route) => {
          if (route.request().url().startsWith(base)) return route.continue();
          outside.push(route.request().url());
          return route.abort();
        });
        await page.goto(`${base}${DOCS_PATH}`);
        await page.getByText('Lectern API', { exact: false }).first().waitFor({ timeout: 30_000 });
        const operations = Object.values(document.paths).flatMap((ops) => Object.keys(ops)).length;
        await page
          .locator('.opblock')
          .nth(operations - 1)
          .waitFor({ timeout: 30_000 });
        expect(await page.locator('.opblock').count()).toBe(operations);
        expect(outside).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await browser.close();
      }
    },
    90_000,
  );
});

/** The file as the last commit holds it; undefined outside a git checkout, '' when the commit lacks it. */
function lastCommitted(file: string): string | undefined {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 16 << 20 });
  try {
    git('rev-parse', '--verify', 'HEAD');
  } catch {
    return undefined;
  }
  try {
    return git('show', `HEAD:${file}`);
  } catch {
    return '';
  }
}
