import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CROSS_ENCODER_MODEL } from '@lectern/retrieval';
import type { AnswerOutcome } from '../bench/eval/answer-eval';
import { crossEncoderSkipReason, rerankedCalibrationRows } from '../bench/eval/cross-encoder-rows';

describe(crossEncoderSkipReason.name, () => {
  let modelsDir: string;
  beforeEach(() => {
    modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-cross-encoder-rows-'));
  });
  afterEach(() => fs.rmSync(modelsDir, { recursive: true, force: true }));

  it('skips the rows, saying where the model is looked for, when MODELS_DIR has no cross-encoder', () => {
    const reason = crossEncoderSkipReason(modelsDir);
    expect(reason).toContain('extractive + cross-encoder: skipped');
    expect(reason).toContain(path.join('Xenova', 'ms-marco-MiniLM-L-6-v2'));
  });

  it('runs the rows when the cross-encoder is in MODELS_DIR, and skips them when its weights are missing', () => {
    // The files transformers.js loads, in the layout it loads them from (their content is the reranker spec's matter).
    const dir = path.join(modelsDir, ...CROSS_ENCODER_MODEL.split('/'));
    fs.mkdirSync(path.join(dir, 'onnx'), { recursive: true });
    for (const file of ['config.json', 'tokenizer.json', 'onnx/model.onnx']) fs.writeFileSync(path.join(dir, file), '{}');
    expect(crossEncoderSkipReason(modelsDir)).toBeNull();
    fs.rmSync(path.join(dir, 'onnx', 'model.onnx'));
    expect(crossEncoderSkipReason(modelsDir)).not.toBeNull();
  });
});

describe(rerankedCalibrationRows.name, () => {
  /**
   * Twenty answerable and twenty unanswerable articles, four questions each, whose lexical features are alike
   * (a deterministic spread, the same for both kinds) but whose cross-encoder logit is high for answerable questions
   * and low for the others: only a fit that reads the cross-encoder can tell them apart.
   */
  function outcomes(): AnswerOutcome[] {
    const list: AnswerOutcome[] = [];
    for (let article = 0; article < 40; article++) {
      const answerable = article % 2 === 0;
      for (let q = 0; q < 4; q++) {
        const lexical = ((article * 7 + q * 3) % 10) / 10;
        const logit = (answerable ? 1 : -1) * (0.5 + ((article + q) % 4));
        list.push({
          answerable,
          documentKey: `a${article}`,
          score: 0.5,
          coverage: lexical,
          features: { sentence: lexical, article: lexical, agreement: 0.5, unique: 0.5 },
          crossEncoder: { crossEncoder: logit / 10, lexicalScore: 0.5 },
          question: `q${article}.${q}`,
          goldInAnswer: answerable,
          words: 20,
          citations: 1,
          citationsWithGold: answerable ? 1 : 0,
          refusedAnyway: false,
        });
      }
    }
    return list;
  }

  it('fits on the dev half, chooses the threshold across its articles and reports the held-out half', () => {
    const { rows, chosen, notes } = rerankedCalibrationRows(outcomes(), 10);
    const fitted = (half: string) => rows.find((r) => r.label === `${half}, reranked evidence fitted on the dev half`);
    const lexical = rows.find((r) => r.label === '**held-out half**, lexical evidence of the reranked sources');
    expect(chosen).toBeGreaterThan(0);
    expect(fitted('**held-out half**')).toMatchObject({ threshold: chosen, answerable: 40, unanswerable: 40, wrongfulRefusals: 0 });
    expect(fitted('**held-out half**')!.abstainUnanswerable).toBe(1);
    expect(lexical!.abstainUnanswerable).toBe(0);
    expect(notes.join('\n')).toMatch(/logistic fit on the dev half: -?\d+\.\d+ \+ .*·crossEncoder;/);
    expect(rows.every((r) => r.mode === 'extractive + cross-encoder')).toBe(true);
  });

  it('counts a question that kept no scored hit as refused, and leaves it out of the fit', () => {
    const list = outcomes();
    const dropped = { ...list[0], crossEncoder: undefined, refusedAnyway: true };
    const { rows } = rerankedCalibrationRows([dropped, ...list.slice(1)], 10);
    const all = rows.find((r) => r.label === 'all, reranked evidence fitted on the dev half');
    expect(all!.wrongfulRefusals).toBeCloseTo(1 / 80);
  });
});
