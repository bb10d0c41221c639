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

  describe('trail', () => {
    let book: ArticleCorpus;
    const section = (number: string, title: string, text: string) => ({ number, title, page: 1, paragraphs: [text] });

    beforeAll(async () => {
      book = await buildArticleCorpus([
        {
          title: 'Grading lab reports',
          sections: [
            section('1', 'Introduction', 'Lab reports are graded by teaching assistants.'),
            section('4', 'Method', 'The method has three parts.'),
            section('4.1', 'Collecting reports', 'Reports were collected at the end of each week.'),
            section('4.2', 'Rubric calibration', 'Rubric calibration used twelve anchor reports scored by two graders.'),
            section('4.3', 'Disagreements', 'Disagreements between graders were settled by a third grader.'),
            section('5', 'Results', 'Agreement rose after calibration.'),
          ],
        },
      ]);
    });
    afterAll(() => book.dispose());

    it('never shows previous() stepping over the section the trail was on', async () => {
      const agent = new ExploreAgent({ corpus: book.corpus, search: new SearchService(book.corpus, book.embedder), llm: null });
      const result = await agent.explore({ question: 'How was rubric calibration done?', searchMode: 'keyword' });
      const order = book.corpus
        .outline(book.articleIds.get('Grading lab reports') as string)
        .filter((e) => e.contextCount > 0)
        .map((e) => e.number);
      const at = (summary: string) => /^§(\S+)/.exec(summary)?.[1] ?? '';
      const moves = result.steps.filter((s) => ['read', 'next', 'previous'].includes(s.tool));
      expect(moves[0]).toMatchObject({ tool: 'read', summary: expect.stringContaining('Rubric calibration') });
      for (let i = 1; i < moves.length; i++) {
        if (moves[i].tool !== 'previous') continue;
        // Where the trail was, then one section with text back: what a reader of the trail expects previous() to do.
        expect(order.indexOf(at(moves[i].summary))).toBe(order.indexOf(at(moves[i - 1].summary)) - 1);
      }
      // The section before the best one is still read, for the setup that leads into it.
      expect(moves.map((s) => at(s.summary))).toContain('4.1');
    });
  });
});
