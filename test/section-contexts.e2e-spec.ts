import * as path from 'node:path';
import Database from 'better-sqlite3';
import { ingestCorpusPdfs, startTestApp, type TestApp } from './support/test-app';

interface OutlineSection {
  id: string;
  number: string;
  title: string;
  level: number;
  parentId: string | null;
  contextCount: number;
  pageStart: number | null;
  pageEnd: number | null;
}

interface SectionContexts {
  article: { id: string; title: string; documentId: string };
  section: { id: string; number: string; title: string; level: number; parent: { id: string; number: string; title: string } | null };
  contexts: Array<{
    id: string;
    kind: string;
    page: number;
    pageStarts?: Array<{ offset: number; page: number }>;
    text: string;
    numTokens: number;
  }>;
}

const PAPERS = ['acl-N18-3011.pdf', 'arxiv-1211.2288.pdf'];

describe('GET /articles/:id/sections/:sectionId/contexts (e2e)', () => {
  let t: TestApp;
  let projectId: string;
  const articles: Array<{ articleId: string; documentId: string; title: string; sections: OutlineSection[] }> = [];

  beforeAll(async () => {
    t = await startTestApp();
    projectId = (await t.http().post('/projects').send({ name: 'sections' }).expect(201)).body.id;
    for (const doc of await ingestCorpusPdfs(t, projectId, PAPERS)) {
      const outline = (await t.http().get(`/articles/${doc.articleId}/outline`).expect(200)).body;
      articles.push({ articleId: doc.articleId!, documentId: doc.id, title: outline.article.title, sections: outline.sections });
    }
  });

  afterAll(() => t.close());

  // Each section is read through the route once; the tests below look at those answers from different sides.
  const answers = new Map<string, SectionContexts>();
  const read = async (articleId: string, sectionId: string): Promise<SectionContexts> => {
    const key = `${articleId}/${sectionId}`;
    if (!answers.has(key)) answers.set(key, (await t.http().get(`/articles/${articleId}/sections/${sectionId}/contexts`).expect(200)).body);
    return answers.get(key)!;
  };

  it('gives every section its heading and its contexts, as many and on the pages the outline says', async () => {
    for (const article of articles) {
      for (const section of article.sections) {
        const body = await read(article.articleId, section.id);
        expect(body.article).toEqual({ id: article.articleId, title: article.title, documentId: article.documentId });
        expect(body.section).toMatchObject({ id: section.id, number: section.number, title: section.title, level: section.level });
        expect(body.contexts).toHaveLength(section.contextCount);
        // A section ends on the page its last passage runs onto (its page starts' last page).
        const firstPages = body.contexts.map((c) => c.page);
        const lastPages = body.contexts.map((c) => c.pageStarts?.at(-1)?.page ?? c.page);
        expect(firstPages.length ? [Math.min(...firstPages), Math.max(...lastPages)] : [null, null]).toEqual([
          section.pageStart,
          section.pageEnd,
        ]);
        for (const c of body.contexts) {
          expect(c.text).toMatch(/\S/);
          expect(c.numTokens).toBeGreaterThan(0);
        }
      }
    }
  });

  it("lists a section's contexts in the reading order the corpus stores", async () => {
    const corpus = new Database(path.join(t.dataDir, 'projects', projectId, 'corpus.sqlite'), { readonly: true });
    try {
      const stored = corpus.prepare('SELECT context_id FROM section_contexts WHERE section_id = ? ORDER BY position').pluck();
      for (const article of articles) {
        for (const section of article.sections.filter((s) => s.contextCount > 1)) {
          const body = await read(article.articleId, section.id);
          expect(body.contexts.map((c) => c.id)).toEqual(stored.all(section.id));
        }
      }
    } finally {
      corpus.close();
    }
  });

  it('gives each context as the context route does, kind included, and names kinds besides running text', async () => {
    const kinds = new Set<string>();
    for (const article of articles) {
      for (const section of article.sections) {
        const body = await read(article.articleId, section.id);
        for (const c of body.contexts) kinds.add(c.kind);
        const first = body.contexts[0];
        if (!first) continue;
        const detail = (await t.http().get(`/projects/${projectId}/contexts/${first.id}`).expect(200)).body;
        expect(detail).toMatchObject({ id: first.id, kind: first.kind, page: first.page, text: first.text, section: { id: section.id } });
      }
    }
    expect(kinds.has('text')).toBe(true);
    expect([...kinds].some((kind) => kind === 'table' || kind === 'figure_caption')).toBe(true);
  });

  it('names the parent of a subsection, and none for a top-level section', async () => {
    let subsections = 0;
    for (const article of articles) {
      const byId = new Map(article.sections.map((s) => [s.id, s]));
      for (const section of article.sections) {
        const { parent } = (await read(article.articleId, section.id)).section;
        const expected = section.parentId ? byId.get(section.parentId)! : null;
        expect(parent).toEqual(expected && { id: expected.id, number: expected.number, title: expected.title });
        if (expected) subsections++;
      }
    }
    expect(subsections).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown article, an unknown section, or a section of another article', async () => {
    const [acl, arxiv] = articles;
    await t.http().get(`/articles/no-such-article/sections/${acl.sections[0].id}/contexts`).expect(404);
    const unknown = await t.http().get(`/articles/${acl.articleId}/sections/no-such-section/contexts`).expect(404);
    expect(unknown.body).toMatchObject({ error: 'SectionNotFoundError' });
    const other = await t.http().get(`/articles/${acl.articleId}/sections/${arxiv.sections[0].id}/contexts`).expect(404);
    expect(other.body.message).toContain(arxiv.sections[0].id);
    expect(other.body.message).not.toContain(arxiv.title);
  });

  it.each([
    ['spaces and quotes', "a b'c"],
    ['a path', '..%2F..%2Fcatalog'],
    ['65 characters', 'x'.repeat(65)],
  ])('answers 400 for a section id with %s', async (_, sectionId) => {
    const res = await t.http().get(`/articles/${articles[0].articleId}/sections/${sectionId}/contexts`).expect(400);
    expect(res.body).toMatchObject({ error: 'InvalidSectionIdError', message: expect.stringMatching(/is not a section id/) });
  });
});
