import Database from 'better-sqlite3';
import * as path from 'node:path';
import type { BibReference } from '@lectern/common';
import { findCitationLinks } from './citation-links';
import { CorpusDb } from './corpus.db';
import type { ArticleInput } from './corpus.types';
import { TEST_EMBEDDING, testEmbedder } from './testing/corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

const reference = (position: number, label: string | null, authors: string[], year: number, title: string): BibReference => ({
  position,
  label,
  raw: `${authors.join(' and ')} (${year}). ${title}.`,
  authors,
  title,
  year,
  venue: 'Journal of Tests',
  doi: position === 0 ? '10.5555/test.1' : null,
});

function article(documentId: string, texts: string[], references: BibReference[]): ArticleInput {
  const context = (text: string) => ({
    text,
    pageNumber: 1,
    kind: 'text' as const,
    numTokens: 10,
    stopReason: 'Section' as const,
    embedding: testEmbedder.embed(text),
  });
  return {
    documentId,
    title: 'Finance and growth in tests',
    authors: ['Jane Doe'],
    affiliations: ['Department of Economics, University of Tests'],
    keywords: ['finance', 'growth'],
    abstract: '',
    datePublished: null,
    journal: null,
    doi: null,
    pageCount: 1,
    numTokens: 40,
    embeddingModel: TEST_EMBEDDING.modelId,
    references,
    sections: [
      { number: '1', title: 'Introduction', level: 1, numTokens: 20, contexts: texts.map(context) },
      { number: 'ref', title: 'References', level: 1, numTokens: 20, contexts: references.map((r) => context(r.raw)) },
    ],
  };
}

describe('references and citation links', () => {
  const tempDir = useTempDir();

  it('stores the reference list, resolves numeric and author-year markers, and keeps them in the export', () => {
    const file = path.join(tempDir(), 'corpus.sqlite');
    const corpus = CorpusDb.open(file, TEST_EMBEDDING);
    const refs = [
      reference(0, null, ['King, R. G.', 'Levine, R.'], 1993, 'Finance and growth'),
      reference(1, null, ['Beck, T.', 'Levine, R.'], 2007, 'Finance, inequality and the poor'),
      reference(2, null, ['Sarma, M.'], 2011, 'Financial inclusion and development'),
    ];
    const { articleId } = corpus.insertArticle(
      article(
        'doc-1',
        ['Credit matters (King and Levine, 1993; Beck et al., 2007), as Sarma (2011) argues; Smith (2020) is not listed.'],
        refs,
      ),
    );
    expect(corpus.listReferences(articleId)).toEqual(refs);
    expect(corpus.getArticle(articleId)).toMatchObject({
      affiliations: ['Department of Economics, University of Tests'],
      keywords: ['finance', 'growth'],
    });
    const links = corpus.citationLinks(articleId);
    expect(links.map((l) => [l.referencePosition, l.marker])).toEqual([
      [0, '(King and Levine, 1993; Beck et al., 2007)'],
      [1, '(King and Levine, 1993; Beck et al., 2007)'],
      [2, 'Sarma (2011)'],
    ]);

    const exported = path.join(tempDir(), 'export.sqlite');
    corpus.exportTo(exported);
    const plain = new Database(exported, { readonly: true });
    expect(plain.prepare('SELECT position, title, year, doi FROM "references" ORDER BY position').all()).toEqual([
      { position: 0, title: 'Finance and growth', year: 1993, doi: '10.5555/test.1' },
      { position: 1, title: 'Finance, inequality and the poor', year: 2007, doi: null },
      { position: 2, title: 'Financial inclusion and development', year: 2011, doi: null },
    ]);
    expect(plain.prepare('SELECT COUNT(*) FROM citation_links').pluck().get()).toBe(3);
    plain.close();

    // The reference section stays searchable, and everything goes with its article.
    expect(corpus.keywordSearch('inequality', 5).length).toBeGreaterThan(0);
    expect(corpus.deleteArticle(articleId)).toBe(true);
    expect(corpus.listReferences(articleId)).toEqual([]);
    expect(corpus.citationLinks(articleId)).toEqual([]);
    corpus.close();
  });

  it('links "[3-5]" and "[2, 7]" to labelled references and ignores labels it does not have', () => {
    const refs = Array.from({ length: 6 }, (_, i) => reference(i, String(i + 1), [`Author${i}, A.`], 2000 + i, `Paper ${i + 1}`));
    const links = findCitationLinks('As shown [3-5] and [2, 7], but not [99].', refs);
    expect(links.map((l) => `${l.marker}→${l.referencePosition}`)).toEqual(['[3-5]→2', '[3-5]→3', '[3-5]→4', '[2, 7]→1']);
  });
});
