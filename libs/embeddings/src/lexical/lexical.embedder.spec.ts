import { loadBodyParagraphs } from '../testing/corpus-paragraphs.fixture';
import { LEXICAL_MODEL_ID, LexicalEmbedder } from './lexical.embedder';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * b[i], 0);
const norm = (a: Float32Array) => Math.sqrt(dot(a, a));

describe(LexicalEmbedder.name, () => {
  const embedder = new LexicalEmbedder();
  const paragraphs = loadBodyParagraphs('acl-N18-3011');

  it('describes itself as lectern/lexical-hash-v1 with 768 dimensions and an 8192-token input limit', () => {
    expect(embedder).toMatchObject({ modelId: LEXICAL_MODEL_ID, dimension: 768, maxTokens: 8192 });
    expect(LEXICAL_MODEL_ID).toBe('lectern/lexical-hash-v1');
  });

  it('returns one unit-length vector of the configured dimension per text, in input order', async () => {
    const vectors = await embedder.embedDocuments(paragraphs.slice(0, 10));
    expect(vectors).toHaveLength(10);
    for (const [i, vector] of vectors.entries()) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector).toHaveLength(768);
      expect(norm(vector)).toBeCloseTo(1, 5);
      expect(vector).toEqual(await embedder.embedQuery(paragraphs[i]));
    }
  });

  it('is deterministic across calls and instances', async () => {
    const [first] = await embedder.embedDocuments([paragraphs[8]]);
    const [again] = await new LexicalEmbedder().embedDocuments([paragraphs[8]]);
    expect(Array.from(again)).toEqual(Array.from(first));
  });

  it('honours a custom dimension and rejects a non-positive one', async () => {
    const small = new LexicalEmbedder({ dimension: 64 });
    const vector = await small.embedQuery('literature graph construction');
    expect(small.dimension).toBe(64);
    expect(vector).toHaveLength(64);
    expect(norm(vector)).toBeCloseTo(1, 5);
    expect(() => new LexicalEmbedder({ dimension: 0 })).toThrow(RangeError);
    expect(() => new LexicalEmbedder({ dimension: 12.5 })).toThrow(/positive integer/);
  });

  it('gives a text without letters or digits the zero vector', async () => {
    for (const text of ['', '   ', '—!?']) expect(norm(await embedder.embedQuery(text))).toBe(0);
  });

  it('still embeds a query made only of stopwords', async () => {
    expect(norm(await embedder.embedQuery('what is it'))).toBeCloseTo(1, 5);
  });

  it('drops stopwords, so word pairs form across them', async () => {
    const withStopwords = await embedder.embedQuery('The graph of the papers is built');
    const contentOnly = await embedder.embedQuery('graph papers built');
    expect(Array.from(withStopwords)).toEqual(Array.from(contentOnly));
  });

  it('tells word order apart through word pairs, while sharing every word', async () => {
    const [forward, reversed] = await embedder.embedDocuments(['citation graph', 'graph citation']);
    expect(dot(forward, reversed)).toBeGreaterThan(0.7);
    expect(dot(forward, reversed)).toBeLessThan(0.99);
  });

  it('ignores case, accents and ligatures', async () => {
    const plain = await embedder.embedQuery('Desarrollo territorial rural en America Latina: efficient classification');
    const marked = await embedder.embedQuery('DESARROLLO territorial rural en América Latína: eﬃcient classiﬁcation');
    expect(dot(plain, marked)).toBeCloseTo(1, 5);
  });

  it('places morphological variants and typos closer than unrelated words', async () => {
    const [graph, variant, typo, unrelated] = await embedder.embedDocuments([
      'linking entities in the literature graph',
      'entity linker for literature graphs',
      'entity linkng in the literture graph',
      'protein folding in marine crenarchaeota',
    ]);
    expect(dot(graph, variant)).toBeGreaterThan(0.4);
    expect(dot(graph, typo)).toBeGreaterThan(0.4);
    expect(dot(graph, unrelated)).toBeLessThan(0.15);
  });

  it('matches a hyphenated compound both as written and as separate words', async () => {
    const [compound, spaced, other] = await embedder.embedDocuments([
      'we fine-tune bert-base on scidocs',
      'we fine tune BERT base on SciDocs',
      'we pretrain a convolutional network',
    ]);
    expect(dot(compound, spaced)).toBeGreaterThan(0.6);
    expect(dot(compound, spaced)).toBeGreaterThan(dot(compound, other) + 0.4);
  });

  describe('ranking real paragraphs of acl-N18-3011 against questions built from their key terms', () => {
    const questions: Array<[string, string]> = [
      ['How is ScienceParse trained on PDFs and metadata from PubMed Central?', 'Training. The ScienceParse system'],
      ['Viterbi decoding of the most likely title sequence', 'Decoding. At test time'],
      ['disambiguating authors with ORCID and ResearcherID identifiers', 'Author disambiguation.'],
      ['matching ontologies: one concept in MESH and DBpedia', 'Ontology matching.'],
      ['extracting figures and tables such as charts and diagrams', 'Figure and table extraction.'],
      ['candidate selection: an index from mention tokens to entity IDs', 'Candidate selection.'],
      ['three normalized values of font size relative to the current page and document', 'We normalize the token-level features'],
      ['BILOU labels for entity mention spans', 'Given the token sequence'],
    ];

    it('uses at least 20 paragraphs of the same paper', () => {
      expect(paragraphs.length).toBeGreaterThanOrEqual(20);
    });

    it.each(questions)('ranks the source paragraph first for "%s"', async (question, paragraphStart) => {
      const target = paragraphs.findIndex((p) => p.startsWith(paragraphStart));
      expect(target).toBeGreaterThanOrEqual(0);
      const documents = await embedder.embedDocuments(paragraphs);
      const query = await embedder.embedQuery(question);
      const scores = documents.map((document) => dot(query, document));
      const best = scores.indexOf(Math.max(...scores));
      expect(paragraphs[best].slice(0, 60)).toBe(paragraphs[target].slice(0, 60));
    });
  });
});
