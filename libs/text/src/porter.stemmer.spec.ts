import { porterStem } from './porter.stemmer';

/** Examples from Porter (1980), "An algorithm for suffix stripping", step by step. */
const PAPER_EXAMPLES: Record<string, Array<[string, string]>> = {
  'step 1a': [
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['ties', 'ti'],
    ['caress', 'caress'],
    ['cats', 'cat'],
  ],
  'step 1b': [
    ['feed', 'feed'],
    ['agreed', 'agre'],
    ['plastered', 'plaster'],
    ['bled', 'bled'],
    ['motoring', 'motor'],
    ['sing', 'sing'],
    ['conflated', 'conflat'],
    ['troubled', 'troubl'],
    ['sized', 'size'],
    ['hopping', 'hop'],
    ['tanned', 'tan'],
    ['falling', 'fall'],
    ['hissing', 'hiss'],
    ['fizzed', 'fizz'],
    ['failing', 'fail'],
    ['filing', 'file'],
  ],
  'step 1c': [
    ['happy', 'happi'],
    ['sky', 'sky'],
  ],
  'step 2': [
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['rational', 'ration'],
    ['valenci', 'valenc'],
    ['hesitanci', 'hesit'],
    ['digitizer', 'digit'],
    ['conformabli', 'conform'],
    ['radicalli', 'radic'],
    ['differentli', 'differ'],
    ['vileli', 'vile'],
    ['analogousli', 'analog'],
    ['vietnamization', 'vietnam'],
    ['predication', 'predic'],
    ['operator', 'oper'],
    ['feudalism', 'feudal'],
    ['decisiveness', 'decis'],
    ['hopefulness', 'hope'],
    ['callousness', 'callous'],
    ['formaliti', 'formal'],
    ['sensitiviti', 'sensit'],
    ['sensibiliti', 'sensibl'],
  ],
  'step 3': [
    ['triplicate', 'triplic'],
    ['formative', 'form'],
    ['formalize', 'formal'],
    ['electriciti', 'electr'],
    ['electrical', 'electr'],
    ['hopeful', 'hope'],
    ['goodness', 'good'],
  ],
  'step 4': [
    ['revival', 'reviv'],
    ['allowance', 'allow'],
    ['inference', 'infer'],
    ['airliner', 'airlin'],
    ['gyroscopic', 'gyroscop'],
    ['adjustable', 'adjust'],
    ['defensible', 'defens'],
    ['irritant', 'irrit'],
    ['replacement', 'replac'],
    ['adjustment', 'adjust'],
    ['dependent', 'depend'],
    ['adoption', 'adopt'],
    ['homologou', 'homolog'],
    ['communism', 'commun'],
    ['activate', 'activ'],
    ['angulariti', 'angular'],
    ['homologous', 'homolog'],
    ['effective', 'effect'],
    ['bowdlerize', 'bowdler'],
  ],
  'step 5': [
    ['probate', 'probat'],
    ['rate', 'rate'],
    ['cease', 'ceas'],
    ['controll', 'control'],
    ['roll', 'roll'],
  ],
};

describe(porterStem.name, () => {
  describe.each(Object.entries(PAPER_EXAMPLES))('%s', (_, examples) => {
    it.each(examples)('stems %s to %s', (word, stem) => {
      expect(porterStem(word)).toBe(stem);
    });
  });

  it.each([
    ['generalizations', 'gener'],
    ['oscillators', 'oscil'],
    ['generously', 'gener'],
    ['abilities', 'abil'],
    ['knightly', 'knightli'],
    ['archaeology', 'archaeolog'],
    ['yelling', 'yell'],
  ])('runs all steps in sequence: %s → %s', (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });

  it('conflates the morphological variants a query and a paper typically differ by', () => {
    expect(new Set(['embedding', 'embeddings', 'embedded'].map(porterStem))).toEqual(new Set(['embed']));
    // Porter over-stems too, faithfully: `embeds` → `embed` (step 1a) → `emb` (step 1b strips `ed`).
    expect(porterStem('embeds')).toBe('emb');
    expect(porterStem('citations')).toBe(porterStem('citation'));
    expect(porterStem('linking')).toBe(porterStem('linked'));
  });

  it('leaves short words, numbers and non-ASCII words unchanged', () => {
    const unchanged = ['is', 'as', '2018', 'f1', 'función', 'ℓ2'];
    expect(unchanged.map(porterStem)).toEqual(unchanged);
  });
});
