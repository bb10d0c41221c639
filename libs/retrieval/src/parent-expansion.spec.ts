import type { ContextRow } from '@lectern/corpus';
import { expandParents } from './parent-expansion';
import { SearchService, type SearchHit } from './search.service';
import { buildPdfCorpus, type PdfCorpus } from './testing/pdf-corpus.fixture';

const G_POOLING = 'arxiv-1912.10667.pdf';
const CRENARCHAEOTA = 'aem-2011-hu-crenarchaeota.pdf';

describe(expandParents.name, () => {
  let fixture: PdfCorpus;
  let rows: ContextRow[];
  let hitAt: (index: number, score?: number) => SearchHit;

  beforeAll(async () => {
    fixture = await buildPdfCorpus([G_POOLING, CRENARCHAEOTA, 'dpr-2004.04906-2p.pdf']);
    const articleId = fixture.articleIds.get(G_POOLING)!;
    const title = fixture.corpus.getArticle(articleId)!.title;
    rows = fixture.corpus.listArticleContexts(articleId);
    hitAt = (index, score = 1) => {
      const row = rows[index];
      return {
        contextId: row.id,
        text: row.text,
        score,
        page: row.page,
        kind: row.kind,
        box: null,
        article: { id: articleId, title },
        section: { id: row.sectionId, number: row.sectionNumber, title: row.sectionTitle },
      };
    };
  });
  afterAll(() => fixture.dispose());

  const ids = (from: number, to: number) => rows.slice(from, to + 1).map((row) => row.id);

  it('adds the 2 preceding and 2 following contexts of the article, in reading order', () => {
    const [passage] = expandParents([hitAt(20, 0.7)], fixture.corpus);
    expect(passage.contexts.map((c) => c.id)).toEqual(ids(18, 22));
    expect(passage.text).toBe(
      rows
        .slice(18, 23)
        .map((row) => row.text)
        .join('\n\n'),
    );
    expect(passage.hitContextIds).toEqual([rows[20].id]);
    expect(passage.score).toBe(0.7);
    expect(passage.article.id).toBe(fixture.articleIds.get(G_POOLING));
    expect(passage.article.title).toMatch(/Getis-Ord/);
    // To the page the last context's text ends on (its last page start), which may be past the page it starts on.
    expect(passage.pages).toEqual({ from: rows[18].page, to: rows[22].pageStarts?.at(-1)?.page ?? rows[22].page });
  });

  it('crosses section boundaries and lists every section it runs through', () => {
    const first = rows.findIndex(
      (row, i) =>
        i >= 2 && row.position === 0 && rows[i - 1].sectionId !== row.sectionId && rows[i - 2].sectionId === rows[i - 1].sectionId,
    );
    expect(first).toBeGreaterThan(1);
    const [passage] = expandParents([hitAt(first)], fixture.corpus);
    expect(passage.contexts.map((c) => c.id)).toEqual(ids(first - 2, first + 2));
    expect(passage.sections[0]).toEqual({ number: rows[first - 1].sectionNumber, title: rows[first - 1].sectionTitle });
    expect(passage.sections).toContainEqual({ number: rows[first].sectionNumber, title: rows[first].sectionTitle });
    expect(passage.contexts[2].section).toEqual({
      id: rows[first].sectionId,
      number: rows[first].sectionNumber,
      title: rows[first].sectionTitle,
    });
  });

  it('stops at the start and the end of the article', () => {
    const last = rows.length - 1;
    const [start, end] = expandParents([hitAt(0), hitAt(last)], fixture.corpus);
    expect(start.contexts.map((c) => c.id)).toEqual(ids(0, 2));
    expect(end.contexts.map((c) => c.id)).toEqual(ids(last - 2, last));
  });

  it('merges overlapping windows of one article and lists its hits best first', () => {
    const passages = expandParents([hitAt(30, 0.9), hitAt(10, 0.8), hitAt(27, 0.7)], fixture.corpus);
    expect(passages).toHaveLength(2);
    expect(passages[0].contexts.map((c) => c.id)).toEqual(ids(25, 32));
    expect(passages[0].hitContextIds).toEqual([rows[30].id, rows[27].id]);
    expect(passages[0].score).toBe(0.9);
    expect(passages[1].contexts.map((c) => c.id)).toEqual(ids(8, 12));
  });

  it('merges windows that touch, and keeps apart windows with a context between them', () => {
    const touching = expandParents([hitAt(40), hitAt(45)], fixture.corpus);
    expect(touching).toHaveLength(1);
    expect(touching[0].contexts.map((c) => c.id)).toEqual(ids(38, 47));
    const apart = expandParents([hitAt(40), hitAt(46)], fixture.corpus);
    expect(apart.map((p) => p.contexts.map((c) => c.id))).toEqual([ids(38, 42), ids(44, 48)]);
  });

  it('joins two windows that a later hit bridges, ranked by the best hit', () => {
    const passages = expandParents([hitAt(50, 3), hitAt(10, 2), hitAt(58, 1.5), hitAt(54, 1)], fixture.corpus);
    expect(passages.map((p) => p.contexts[0].id)).toEqual([rows[48].id, rows[8].id]);
    expect(passages[0].contexts.map((c) => c.id)).toEqual(ids(48, 60));
    expect(passages[0].hitContextIds).toEqual([rows[50].id, rows[58].id, rows[54].id]);
  });

  it('expands only the top 5 hits', () => {
    const hits = [0, 10, 20, 30, 40, 50, 60].map((i) => hitAt(i));
    const passages = expandParents(hits, fixture.corpus);
    expect(passages).toHaveLength(5);
    expect(passages.flatMap((p) => p.hitContextIds)).toEqual(hits.slice(0, 5).map((h) => h.contextId));
  });

  it('expands real hybrid hits from several articles without mixing articles', async () => {
    const search = new SearchService(fixture.corpus, fixture.embedder);
    const hits = await search.search('ammonia-oxidizing crenarchaeota depth distribution in the South China Sea', { k: 20 });
    const passages = expandParents(hits, fixture.corpus);
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.length).toBeLessThanOrEqual(5);
    expect(passages.flatMap((p) => p.hitContextIds).sort()).toEqual(
      hits
        .slice(0, 5)
        .map((h) => h.contextId)
        .sort(),
    );
    for (const passage of passages) {
      const article = fixture.corpus.listArticleContexts(passage.article.id).map((row) => row.id);
      const start = article.indexOf(passage.contexts[0].id);
      // Consecutive contexts of one article, in reading order.
      expect(passage.contexts.map((c) => c.id)).toEqual(article.slice(start, start + passage.contexts.length));
      expect(passage.contexts.length).toBeGreaterThanOrEqual(Math.min(3, article.length));
    }
    expect(passages[0].hitContextIds[0]).toBe(hits[0].contextId);
  });

  it('keeps a hit whose context is no longer in the corpus as a passage of its own', () => {
    const gone = { ...hitAt(5), contextId: 'deleted-context', text: 'a context deleted since the search' };
    const [passage] = expandParents([gone], fixture.corpus);
    expect(passage.contexts).toEqual([
      { id: 'deleted-context', text: 'a context deleted since the search', page: gone.page, kind: gone.kind, section: gone.section },
    ]);
    expect(passage.hitContextIds).toEqual(['deleted-context']);
  });

  it('reads only the contexts around each hit, never the whole article', () => {
    const calls: Array<[string, number, number]> = [];
    const source = {
      contextNeighbourhood: (id: string, before: number, after: number) => {
        calls.push([id, before, after]);
        return fixture.corpus.contextNeighbourhood(id, before, after);
      },
    };
    const passages = expandParents([hitAt(3), hitAt(30)], source);
    // One context beyond each side, to recognise windows that touch.
    expect(calls).toEqual([
      [rows[3].id, 3, 3],
      [rows[30].id, 3, 3],
    ]);
    expect(passages.map((p) => p.contexts.map((c) => c.id))).toEqual([ids(1, 5), ids(28, 32)]);
  });
});
