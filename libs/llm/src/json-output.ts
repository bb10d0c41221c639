import { LlmOutputError } from './llm.types';

/** Reasoning models served through Ollama or vLLM put their chain of thought in the content, braces and all. */
const THINKING = /<think>[\s\S]*?<\/think>/gi;
const FENCE = /```[a-zA-Z]*[ \t]*\r?\n?([\s\S]*?)```/g;

const tryParse = (text: string): { value: unknown } | null => {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
};

/** The end index (exclusive) of the JSON object or array opening at `start`, skipping brackets inside strings. */
function balancedEnd(text: string, start: number): number | null {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return null;
}

/**
 * The JSON value in a model's answer: the whole answer, else the first ```json fence that parses, else the first
 * balanced `{…}` or `[…]` in surrounding prose. Models asked for JSON still wrap it often enough that all three occur.
 */
export function extractJson(answer: string): unknown {
  const text = answer.replace(THINKING, '').trim();
  const whole = tryParse(text);
  if (whole) return whole.value;
  for (const fence of text.matchAll(FENCE)) {
    const fenced = tryParse(fence[1].trim());
    if (fenced) return fenced.value;
  }
  for (let start = text.search(/[{[]/); start !== -1;) {
    const end = balancedEnd(text, start);
    const candidate = end === null ? null : tryParse(text.slice(start, end));
    if (candidate) return candidate.value;
    const next = text.slice(start + 1).search(/[{[]/);
    start = next === -1 ? -1 : start + 1 + next;
  }
  const preview = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  throw new LlmOutputError(`LLM answer holds no JSON: ${JSON.stringify(preview)}`);
}

/** Parses and checks a JSON answer; a validator's complaint becomes an LlmOutputError, since the model wrote it. */
export function parseJsonAnswer<T>(answer: string, validate: (value: unknown) => T): T {
  const value = extractJson(answer);
  try {
    return validate(value);
  } catch (error) {
    if (error instanceof LlmOutputError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new LlmOutputError(`LLM answer is JSON but not the expected shape: ${detail}`, { cause: error });
  }
}
