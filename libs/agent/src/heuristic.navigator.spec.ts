import { SearchService } from '@lectern/retrieval';
import { buildArticleCorpus, type ArticleCorpus } from '../../retrieval/src/testing/article-corpus.fixture';
import { ExploreAgent } from './explore.agent';

/** Issue 19: explore read Abstract → Introduction although the outline listed the section whose heading is the question. */
describe('heuristic navigator', () => {
  let fixture: ArticleCorpus;

  beforeAll(async () => {
    fixture = await buildArticleCorpus([
      {
        title: 'Small fibre neuropathy in long-standing diabetes',
        sections: [
          {
            number: '',
            title: 'Abstract',
            page: 1,
            paragraphs: [
              'We found reduced intraepidermal nerve fiber density in 61% of patients with diabetes.',
              'Key words: intraepidermal nerve fiber density; skin biopsy; diabetes',
            ],
          },
          {
            number: '1',
            title: 'Introduction',
            page: 1,
            paragraphs: [
              'Intraepidermal nerve fiber density is a marker of small fibre damage in diabetic neuropathy and is often reduced.',
            ],
          },
          {
            number: '2',
            title: 'Patients',
            page: 2,
            paragraphs: ['Eighty-four patients with type 2 diabetes for over ten years took part.'],
          },
          {
            number: '2.3',
            title: 'Assessment of intraepidermal nerve fiber density',
            page: 3,
            paragraphs: [
              'Three-millimetre punch biopsies from the distal leg were immunostained with PGP 9.5, and single fibres crossing the dermal-epidermal junction were counted per millimetre.',
            ],
          },
          { number: '3', title: 'Results', page: 4, paragraphs: ['Patients with pain had lower counts than those without pain.'] },
        ],
      },
    ]);
  });
  afterAll(() => fixture.dispose());

  it('reads the section whose heading names the question before its neighbours, and cites it', async () => {
    const agent = new ExploreAgent({ corpus: fixture.corpus, search: new SearchService(fixture.corpus, fixture.embedder), llm: null });
    const result = await agent.explore({ question: 'How was intraepidermal nerve fiber density assessed?', searchMode: 'keyword' });
    const read = result.steps.find((s) => s.tool === 'read')!;
    expect(read.summary).toContain('Assessment of intraepidermal nerve fiber density');
    expect(result.citations[0]).toMatchObject({ sectionTitle: 'Assessment of intraepidermal nerve fiber density', page: 3, n: 1 });
    expect(result.answer).toMatch(/PGP 9\.5.* \[1\]\./);
    expect(result.answer).not.toContain('Key words');
  });
});
