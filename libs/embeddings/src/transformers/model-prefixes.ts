/**
 * Instruction-tuned embedding models were trained with a task prefix on each side and lose recall without it
 * (nomic's model card: "search_document: " / "search_query: "). Matched on the model name after its
 * organisation, so mirrors (Xenova/…, onnx-community/…) get the same treatment. Unknown models get none.
 */
export interface ModelConventions {
  documentPrefix: string;
  queryPrefix: string;
  /** How token states become one vector: mean over real tokens, or the [CLS] state. */
  pooling: 'mean' | 'cls';
}

const SEARCH_INSTRUCTION = 'Represent this sentence for searching relevant passages: ';

const KNOWN: Array<{ name: RegExp } & ModelConventions> = [
  { name: /^nomic-embed-text-v/i, documentPrefix: 'search_document: ', queryPrefix: 'search_query: ', pooling: 'mean' },
  { name: /^(multilingual-)?e5-/i, documentPrefix: 'passage: ', queryPrefix: 'query: ', pooling: 'mean' },
  { name: /^bge-(small|base|large)-en/i, documentPrefix: '', queryPrefix: SEARCH_INSTRUCTION, pooling: 'cls' },
  { name: /^mxbai-embed-large-v1/i, documentPrefix: '', queryPrefix: SEARCH_INSTRUCTION, pooling: 'cls' },
  { name: /^snowflake-arctic-embed-/i, documentPrefix: '', queryPrefix: SEARCH_INSTRUCTION, pooling: 'cls' },
];

export function modelConventions(modelId: string): ModelConventions {
  const name = modelId.split('/').pop() ?? modelId;
  const known = KNOWN.find((entry) => entry.name.test(name));
  return known
    ? { documentPrefix: known.documentPrefix, queryPrefix: known.queryPrefix, pooling: known.pooling }
    : { documentPrefix: '', queryPrefix: '', pooling: 'mean' };
}
