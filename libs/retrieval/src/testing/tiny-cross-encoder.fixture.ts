/**
 * A tiny cross-encoder in the layout transformers.js loads (config.json, tokenizer.json, onnx/model.onnx), so the
 * cross-encoder reranker runs for real offline. Its logit is transparent: −2 plus 3 for every occurrence of a
 * `relevantWords` word in the passage (token type 1) — so tests know each pair's score exactly.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { encodeOnnxModel, floatTensor, int64Tensor, OnnxDataType, type OnnxGraph } from '../../../../test/fixtures/tiny-model/onnx.schema';
import { buildTinyTokenizer } from '../../../../test/fixtures/tiny-model/tiny-tokenizer';

export const TINY_CROSS_ENCODER_BIAS = -2;
export const TINY_CROSS_ENCODER_WORD_WEIGHT = 3;

/** The reranker score (sigmoid of the logit) of a passage holding `occurrences` relevant words. */
export const tinyCrossEncoderScore = (occurrences: number) =>
  1 / (1 + Math.exp(-(TINY_CROSS_ENCODER_BIAS + TINY_CROSS_ENCODER_WORD_WEIGHT * occurrences)));

export function buildTinyCrossEncoder(modelsDir: string, modelId: string, relevantWords: string[]): string {
  const { tokenizer, tokenizerConfig, vocabulary } = buildTinyTokenizer(relevantWords, 512);
  const modelDir = path.join(modelsDir, ...modelId.split('/'));
  fs.mkdirSync(path.join(modelDir, 'onnx'), { recursive: true });
  const config = {
    architectures: ['BertForSequenceClassification'],
    model_type: 'bert',
    hidden_size: 1,
    num_hidden_layers: 1,
    num_attention_heads: 1,
    max_position_embeddings: 512,
    type_vocab_size: 2,
    vocab_size: vocabulary.length,
    pad_token_id: 0,
    id2label: { 0: 'LABEL_0' },
    label2id: { LABEL_0: 0 },
  };
  fs.writeFileSync(path.join(modelDir, 'config.json'), JSON.stringify(config));
  fs.writeFileSync(path.join(modelDir, 'tokenizer.json'), JSON.stringify(tokenizer));
  fs.writeFileSync(path.join(modelDir, 'tokenizer_config.json'), JSON.stringify(tokenizerConfig));

  const relevant = new Set(relevantWords.map((word) => word.toLowerCase()));
  const wordScores = Float32Array.from(vocabulary, (token) => (relevant.has(token) ? TINY_CROSS_ENCODER_WORD_WEIGHT : 0));
  const tokens = (name: string) => ({ name, dataType: OnnxDataType.INT64, shape: ['batch_size', 'sequence_length'] });
  const graph: OnnxGraph = {
    name: 'tiny_cross_encoder',
    initializers: [
      floatTensor('word_scores', [vocabulary.length], wordScores),
      floatTensor('bias', [1], Float32Array.of(TINY_CROSS_ENCODER_BIAS)),
      int64Tensor('sequence_axis', [1], [1]),
    ],
    nodes: [
      { op: 'Gather', inputs: ['word_scores', 'input_ids'], outputs: ['token_scores'] },
      { op: 'Cast', inputs: ['token_type_ids'], outputs: ['is_passage'], attributes: { to: OnnxDataType.FLOAT } },
      { op: 'Cast', inputs: ['attention_mask'], outputs: ['is_real'], attributes: { to: OnnxDataType.FLOAT } },
      { op: 'Mul', inputs: ['token_scores', 'is_passage'], outputs: ['passage_scores'] },
      { op: 'Mul', inputs: ['passage_scores', 'is_real'], outputs: ['counted'] },
      { op: 'ReduceSum', inputs: ['counted', 'sequence_axis'], outputs: ['summed'], attributes: { keepdims: 1 } },
      { op: 'Add', inputs: ['summed', 'bias'], outputs: ['logits'] },
    ],
    inputs: [tokens('input_ids'), tokens('attention_mask'), tokens('token_type_ids')],
    outputs: [{ name: 'logits', dataType: OnnxDataType.FLOAT, shape: ['batch_size', 1] }],
  };
  fs.writeFileSync(path.join(modelDir, 'onnx', 'model.onnx'), encodeOnnxModel(graph));
  return modelDir;
}
