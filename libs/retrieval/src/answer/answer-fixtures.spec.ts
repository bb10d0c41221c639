import { RetrievalPipeline } from '../retrieval.pipeline';
import { SearchService } from '../search.service';
import { questionTermWeights, rankByStructure } from '../structure-rank';
import { buildArticleCorpus, type ArticleCorpus, type FixtureArticle } from '../testing/article-corpus.fixture';
import { AnswerComposer } from './answer.composer';
import { NO_ANSWER_TEXT, type Answer } from './answer.types';
import { ABSTAIN_BELOW_EVIDENCE, evidenceScore } from './evidence';
import { weightedCoverage, weightedQuestionTerms } from './sentence-scorer';

/**
 * The three questions of issue 19, on papers written to their shape: the answer sits under a heading that names the
 * question, or in one sentence among neighbours that share more of its words, or nowhere (the papers only mention the
 * country). Asked as `lectern ask` and the chat ask them by default: keyword search (the lexical embedder's mode), no
 * expansion, no LLM.
 */
const NERVE_PAPER: FixtureArticle = {
  title: 'Small fibre neuropathy in patients with long-standing type 2 diabetes',
  sections: [
    {
      number: '',
      title: 'Abstract',
      page: 1,
      paragraphs: [
        'Small fibre neuropathy is common in diabetes. We studied 84 patients and 40 controls and found reduced intraepidermal nerve fiber density in 61% of patients.',
        'Key words: intraepidermal nerve fiber density; small fibre neuropathy; skin biopsy; diabetes',
      ],
    },
    {
      number: '1',
      title: 'Introduction',
      page: 1,
      paragraphs: [
        'Intraepidermal nerve fiber density is a marker of small fibre damage that is reduced early in the course of diabetic neuropathy. Loss of small fibres causes pain and autonomic symptoms.',
      ],
    },
    {
      number: '2.3',
      title: 'Assessment of intraepidermal nerve fiber density',
      page: 3,
      paragraphs: [
        'Three-millimetre punch biopsies were taken 10 cm above the lateral malleolus and immunostained with the pan-axonal marker PGP 9.5. Single fibres crossing the dermal-epidermal junction were counted in three sections per biopsy and expressed per millimetre of epidermis.',
      ],
    },
    {
      number: '3',
      title: 'Results',
      page: 4,
      paragraphs: ['Patients with pain had lower counts than patients without pain (4.1 versus 6.3 fibres/mm, p = 0.002).'],
    },
    {
      number: 'ref',
      title: 'References',
      page: 6,
      paragraphs: [
        '[1] Lauria G, Hsieh ST, Johansson O, et al. European Federation of Neurological Societies guideline on the use of skin biopsy in the diagnosis of small fiber neuropathy: intraepidermal nerve fiber density assessed. Eur J Neurol. 2010;17(7):903-912.',
      ],
    },
  ],
};

const TRADE_PAPER: FixtureArticle = {
  title: 'Commodity dependence and growth in Ghana, 1990-2020',
  sections: [
    {
      number: '1',
      title: 'Introduction',
      page: 1,
      paragraphs: [
        'Export diversification into manufactured products remains a stated policy goal in Ghana. Export products with more processing would raise value added, yet the main export products have changed little.',
      ],
    },
    {
      number: '2',
      title: 'The structure of trade',
      page: 2,
      paragraphs: [
        'Ghana earns most of its foreign exchange from a narrow base. Its principal exports are gold, cocoa beans and crude oil, which together make up about four fifths of merchandise earnings. Price swings of export products therefore pass straight into the budget.',
      ],
    },
    {
      number: '3',
      title: 'Data',
      page: 3,
      paragraphs: ['We use annual customs data on export products and quantities from the statistical service, deflated to 2015 prices.'],
    },
  ],
};

const NIGERIA_PAPERS: FixtureArticle[] = [
  {
    title: 'Lassa fever surveillance in Nigeria, 2018-2022',
    sections: [
      {
        number: '1',
        title: 'Results',
        page: 2,
        paragraphs: [
          'Nigeria reported 4,632 confirmed cases of Lassa fever between 2018 and 2022. The case fatality rate among confirmed cases in Nigeria was 18.9%, highest in Ondo and Edo states.',
        ],
      },
    ],
  },
  {
    title: 'Malaria prevalence among children in northern Nigeria',
    sections: [
      {
        number: '1',
        title: 'Results',
        page: 2,
        paragraphs: [
          'Malaria parasites were found in 37% of children under five in the surveyed districts of northern Nigeria. Prevalence in Nigeria peaked at the end of the rainy season.',
        ],
      },
    ],
  },
];

/**
 * A paper of the shape the new-user trial met: a "Node Types" section whose sentences repeat the question's words
 * ("… has 12M nodes of this type"), signposts ("In this section, we describe …") and one that names a type.
 */
const GRAPH_PAPER: FixtureArticle = {
  title: 'Construction of the Literature Graph in a Scholarly Search Engine',
  sections: [
    {
      number: '',
      title: 'Abstract',
      page: 1,
      paragraphs: [
        'We describe a deployed scalable system for organizing published scientific literature into a heterogeneous graph to facilitate algorithmic manipulation and discovery. The resulting literature graph consists of more than 280M nodes, representing papers, authors, entities and various interactions between them (e.g., authorships, citations, entity mentions).',
      ],
    },
    {
      number: '2',
      title: 'Structure of The Literature Graph',
      page: 2,
      paragraphs: [
        'The literature graph is a property graph with directed edges. Unlike Resource Description Framework (RDF) graphs, nodes and edges in property graphs have an internal structure which is more suitable for representing complex data types such as papers and entities. In this section, we describe the attributes associated with nodes and edges of different types in the literature graph.',
      ],
    },
    {
      number: '2.1',
      title: 'Node Types',
      page: 2,
      paragraphs: [
        "Papers. We obtain metadata and PDF files of papers via partnerships with publishers, catalogs, pre-publishing services, as well as web-crawling. Paper nodes are associated with a set of attributes such as 'title', 'abstract', 'full text', 'venues' and 'publication year'. We deterministically remove duplicate papers based on string similarity of their metadata, resulting in 37M unique paper nodes. Papers in the literature graph cover a variety of scientific disciplines, including computer science, molecular biology, microbiology and neuroscience.",
        "Authors. Each node of this type represents a unique author, with attributes such as 'first name' and 'last name'. The literature graph has 12M nodes of this type.",
        "Entities. Each node of this type represents a unique scientific concept discussed in the literature, with attributes such as 'canonical name', 'aliases' and 'description'. Our literature graph has 0.4M nodes of this type. We describe how we populate entity nodes in §4.3.",
        "Entity mentions. Each node of this type represents a textual reference of an entity in one of the papers, with attributes such as 'mention text', 'context', and 'confidence'. We describe how we populate the 237M mentions in the literature graph in §4.1.",
      ],
    },
    {
      number: '2.2',
      title: 'Edge Types',
      page: 3,
      paragraphs: [
        'Author-to-paper edges connect an author to the papers they wrote. Citation edges connect a citing paper to the cited paper, with the citation contexts as attributes.',
      ],
    },
  ],
};

describe('extractive answers on issue 19 fixtures', () => {
  let fixture: ArticleCorpus;
  let ask: (question: string) => Promise<Answer>;

  beforeAll(async () => {
    fixture = await buildArticleCorpus([NERVE_PAPER, TRADE_PAPER, ...NIGERIA_PAPERS]);
    const pipeline = new RetrievalPipeline({
      search: new SearchService(fixture.corpus, fixture.embedder),
      corpus: fixture.corpus,
      llm: null,
    });
    const composer = new AnswerComposer(null);
    ask = async (question) => composer.answer(question, [], await pipeline.retrieve(question, { mode: 'keyword' }));
  });
  afterAll(() => fixture.dispose());

  it('cites the section whose heading names the question, not the keyword line, the introduction or a reference', async () => {
    const answer = await ask('How was intraepidermal nerve fiber density assessed?');
    expect(answer.citations[0]).toMatchObject({ sectionTitle: 'Assessment of intraepidermal nerve fiber density', page: 3 });
    expect(answer.answer).toContain('PGP 9.5');
    expect(answer.answer).not.toMatch(/Key words|Lauria|Eur J Neurol/);
    expect(answer.citations.map((c) => c.sectionNumber)).not.toContain('ref');
  });

  it('quotes the sentence that names the export products, not its neighbours', async () => {
    const answer = await ask('What are the main export products of Ghana?');
    expect(answer.citations[0]).toMatchObject({ sectionTitle: 'The structure of trade', page: 2 });
    expect(answer.citations[0].quote).toMatch(/^Its principal exports are gold, cocoa beans and crude oil/);
    expect(answer.answer.startsWith('Its principal exports are gold, cocoa beans and crude oil')).toBe(true);
  });

  it('says the sources do not answer a question about Nigeria that the papers only mention', async () => {
    const answer = await ask('What is the capital of Nigeria?');
    expect(answer.answer).toBe(NO_ANSWER_TEXT);
    expect(answer.citations).toEqual([]);
  });

  it('orders hits by structure: the heading naming the question up, the reference entry down unless citations are asked about', () => {
    const hit = (number: string, title: string, text: string) => ({ text, section: { id: number, number, title } });
    const hits = [
      hit('ref', 'References', 'Lauria G, et al. Intraepidermal nerve fiber density assessed. Eur J Neurol. 2010;17(7):903-912.'),
      hit('1', 'Introduction', 'Intraepidermal nerve fiber density is a marker of small fibre damage.'),
      hit('2', 'Patients', 'Eighty-four patients took part.'),
      hit('2.3', 'Assessment of intraepidermal nerve fiber density', 'Punch biopsies were immunostained with PGP 9.5.'),
    ];
    const order = (question: string) => rankByStructure(question, hits).map((h) => h.section.number);
    expect(order('How was intraepidermal nerve fiber density assessed?')).toEqual(['2.3', '1', '2', 'ref']);
    expect(order('Which references cite Lauria?')).toEqual(['ref', '1', '2', '2.3']);
  });

  it('weighs question terms by how few contexts of the corpus hold them', () => {
    const weights = questionTermWeights(fixture.corpus, 'What is the capital of Nigeria, and its malaria prevalence?');
    // "capital" is in no context, "malaria" in one, "Nigeria" in both Nigerian papers' contexts.
    expect(weights.get('capit')!).toBeGreaterThan(weights.get('malaria')!);
    expect(weights.get('malaria')!).toBeGreaterThan(weights.get('nigeria')!);
    expect(fixture.corpus.termRarity(['nigeria', 'capital']).holding).toEqual(
      new Map([
        ['nigeria', 2],
        ['capital', 0],
      ]),
    );
  });

  it('does not let a verb of composition the papers never use ("contain") outweigh what the question is about', () => {
    // Weights as questionTermWeights gave them on the Semantic Scholar paper alone: "contain" is in none of its
    // contexts (they say "consists of"), so its idf is the highest; "capital" is the same for the Nigeria question.
    const held = new Set(['literatur', 'graph', 'consist', 'node']);
    const graph = weightedQuestionTerms(
      'What does the literature graph contain?',
      new Map([
        ['literatur', 1.5],
        ['graph', 1.42],
        ['contain', 4.72],
      ]),
    );
    // As in a one-paper project: the best sentence and the paper hold the same terms, every hit is from that paper
    // (agreement and uniqueness count half with one paper: evidence-features.ts).
    const alone = (coverage: number) => evidenceScore({ sentence: coverage, article: coverage, agreement: 0.5, unique: 0.5 });
    expect(alone(weightedCoverage(graph, held))).toBeGreaterThanOrEqual(ABSTAIN_BELOW_EVIDENCE);
    const capital = weightedQuestionTerms(
      'What is the capital of Nigeria?',
      new Map([
        ['capit', 4.72],
        ['nigeria', 1.5],
      ]),
    );
    expect(alone(weightedCoverage(capital, new Set(['nigeria', 'lassa'])))).toBeLessThan(ABSTAIN_BELOW_EVIDENCE);
  });

  it('still answers what the papers about Nigeria do say', async () => {
    const answer = await ask('What was the case fatality rate of Lassa fever in Nigeria?');
    expect(answer.answer).toContain('18.9%');
    expect(answer.citations[0]).toMatchObject({ articleTitle: 'Lassa fever surveillance in Nigeria, 2018-2022' });
    expect(answer.citations[0].span).toBeDefined();
  });
});

describe('extractive answers under a heading that names the question', () => {
  let fixture: ArticleCorpus;

  beforeAll(async () => {
    fixture = await buildArticleCorpus([GRAPH_PAPER]);
  });
  afterAll(() => fixture.dispose());

  it('quotes a sentence that names a node type, not one that repeats the question with a count or a signpost', async () => {
    const pipeline = new RetrievalPipeline({
      search: new SearchService(fixture.corpus, fixture.embedder),
      corpus: fixture.corpus,
      llm: null,
    });
    const question = 'What node types does the literature graph contain?';
    const answer = await new AnswerComposer(null).answer(question, [], await pipeline.retrieve(question, { mode: 'keyword' }));
    expect(answer.answer).not.toMatch(/nodes of this type|In this section|We describe how/);
    expect(answer.citations[0].quote).toMatch(/\b(papers?|authors?|entit(y|ies))\b/i);
    expect(answer.citations[0].span).toBeDefined();
  });

  it('does not pad the answer with sentences that lean on an antecedent it does not quote ("… nodes of this type")', async () => {
    const pipeline = new RetrievalPipeline({
      search: new SearchService(fixture.corpus, fixture.embedder),
      corpus: fixture.corpus,
      llm: null,
    });
    const question = 'What does the literature graph contain?';
    // Abstention off: alone in its project the paper never says "contain", and what is tested here is the composition.
    const composer = new AnswerComposer(null, { abstainBelow: 0 });
    const answer = await composer.answer(question, [], await pipeline.retrieve(question, { mode: 'keyword' }));
    expect(answer.answer).toContain('280M nodes, representing papers, authors, entities');
    // The trial's answer went on "… has 0.4M nodes of this type [4]": a type named nowhere in the answer.
    const leaning = answer.citations.filter((c) => /of this type/.test(c.quote ?? ''));
    for (const citation of leaning) {
      const before = answer.citations[answer.citations.indexOf(citation) - 1];
      // Allowed only right after the sentence it leans on: same context, the span just before it.
      expect(before?.contextId).toBe(citation.contextId);
      expect(citation.span!.start - before.span!.end).toBeLessThanOrEqual(1);
    }
  });
});
