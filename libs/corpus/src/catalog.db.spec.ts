import * as fs from 'node:fs';
import * as path from 'node:path';
import { CatalogDb, CATALOG_FILE_NAME } from './catalog.db';
import { DuplicateDocumentError, ProjectNameTakenError } from './errors';
import { useTempDir } from './testing/temp-dir.fixture';

describe(CatalogDb.name, () => {
  const tempDir = useTempDir();
  let catalog: CatalogDb;

  beforeEach(() => {
    catalog = CatalogDb.open(path.join(tempDir(), 'data'));
  });
  afterEach(() => catalog.close());

  function newDocument(projectId: string, sha256 = 'a'.repeat(64), filename = 'paper.pdf') {
    return catalog.documents.create({ projectId, sha256, filename, sizeBytes: 1234, storageKey: `k/${sha256}.pdf` });
  }

  it('creates the data directory and catalog file, and reopens it without re-migrating', () => {
    expect(fs.existsSync(path.join(tempDir(), 'data', CATALOG_FILE_NAME))).toBe(true);
    catalog.projects.create('biology');
    catalog.close();
    catalog = CatalogDb.open(path.join(tempDir(), 'data'));
    expect(catalog.projects.findByName('biology')).not.toBeNull();
  });

  describe('projects', () => {
    it('creates a project with a nanoid and an ISO timestamp, findable by id and name', () => {
      const project = catalog.projects.create('Physics 101');
      expect(project.id).toMatch(/^[A-Za-z0-9_-]{21}$/);
      expect(new Date(project.createdAt).toISOString()).toBe(project.createdAt);
      expect(catalog.projects.findById(project.id)).toEqual(project);
      expect(catalog.projects.findByName('Physics 101')).toEqual(project);
      expect(catalog.projects.findByName('physics 102')).toBeNull();
      expect(catalog.projects.findById('missing')).toBeNull();
    });

    it('refuses a second project with the same name', () => {
      catalog.projects.create('biology');
      expect(() => catalog.projects.create('biology')).toThrow(ProjectNameTakenError);
      expect(() => catalog.projects.create('biology')).toThrow('a project named "biology" already exists');
    });

    it('lists projects oldest first with their document counts', () => {
      const first = catalog.projects.create('first');
      const second = catalog.projects.create('second');
      newDocument(second.id, '1'.repeat(64));
      newDocument(second.id, '2'.repeat(64));
      expect(catalog.projects.list()).toEqual([
        { ...first, documentCount: 0 },
        { ...second, documentCount: 2 },
      ]);
    });
  });

  describe('documents', () => {
    it('creates a queued document with empty parsers and warnings', () => {
      const project = catalog.projects.create('p');
      const document = newDocument(project.id);
      expect(document).toEqual({
        id: expect.any(String),
        projectId: project.id,
        sha256: 'a'.repeat(64),
        filename: 'paper.pdf',
        sizeBytes: 1234,
        storageKey: `k/${'a'.repeat(64)}.pdf`,
        status: 'queued',
        error: null,
        articleId: null,
        pageCount: null,
        parsers: [],
        warnings: [],
        progress: null,
        createdAt: document.createdAt,
        updatedAt: document.createdAt,
      });
      expect(catalog.documents.findById(document.id)).toEqual(document);
      expect(catalog.documents.findByProjectAndSha(project.id, 'a'.repeat(64))).toEqual(document);
    });

    it('deduplicates by sha256 within a project but not across projects', () => {
      const one = catalog.projects.create('one');
      const two = catalog.projects.create('two');
      newDocument(one.id);
      expect(() => newDocument(one.id)).toThrow(DuplicateDocumentError);
      expect(newDocument(two.id).projectId).toBe(two.id);
    });

    it('refuses a document of an unknown project (foreign keys are on)', () => {
      expect(() => newDocument('no-such-project')).toThrow(/FOREIGN KEY/);
    });

    it('lists a project’s documents oldest first', () => {
      const project = catalog.projects.create('p');
      const names = ['c.pdf', 'a.pdf', 'b.pdf'];
      names.forEach((name, i) => newDocument(project.id, String(i).repeat(64), name));
      expect(catalog.documents.listByProject(project.id).map((d) => d.filename)).toEqual(names);
    });

    it('updates status and only the patched fields; an explicit null clears a field', () => {
      const project = catalog.projects.create('p');
      const document = newDocument(project.id);
      catalog.documents.updateStatus(document.id, 'parsing', { parsers: ['grobid', 'pdfjs'] });
      const failed = catalog.documents.updateStatus(document.id, 'failed', { error: 'GROBID timed out', pageCount: 9 });
      expect(failed).toMatchObject({ status: 'failed', error: 'GROBID timed out', pageCount: 9, parsers: ['grobid', 'pdfjs'] });
      const ready = catalog.documents.updateStatus(document.id, 'ready', {
        error: null,
        articleId: 'art-1',
        warnings: ['nougat unavailable'],
      });
      expect(ready).toMatchObject({
        status: 'ready',
        error: null,
        articleId: 'art-1',
        pageCount: 9,
        parsers: ['grobid', 'pdfjs'],
        warnings: ['nougat unavailable'],
      });
      expect(catalog.documents.updateStatus('missing', 'ready')).toBeNull();
    });

    it('finds the document an article was made from', () => {
      const project = catalog.projects.create('p');
      const document = newDocument(project.id);
      expect(catalog.documents.findByArticleId('art-1')).toBeNull();
      catalog.documents.updateStatus(document.id, 'ready', { articleId: 'art-1' });
      expect(catalog.documents.findByArticleId('art-1')?.id).toBe(document.id);
    });

    it('rejects an unknown status at the database', () => {
      const project = catalog.projects.create('p');
      const document = newDocument(project.id);
      expect(() => catalog.documents.updateStatus(document.id, 'done' as never)).toThrow(/CHECK constraint/);
    });
  });

  it('runs a function in one transaction and rolls it back when it throws', () => {
    expect(() =>
      catalog.transaction(() => {
        catalog.projects.create('rolled back');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(catalog.projects.findByName('rolled back')).toBeNull();
    expect(catalog.transaction(() => catalog.projects.create('kept').name)).toBe('kept');
  });
});
