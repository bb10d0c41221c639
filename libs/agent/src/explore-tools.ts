import type { LlmTool } from '@lectern/llm';
import { InvalidToolCallError } from './agent.errors';
import type { ExploreToolName } from './explore.types';

/** A tool call with its arguments parsed and checked. */
export type ExploreCall =
  | { tool: 'search'; args: { query: string; k: number } }
  | { tool: 'outline'; args: { article_id: string } }
  | { tool: 'read'; args: { section: string; article_id?: string } }
  | { tool: 'next'; args: Record<string, never> }
  | { tool: 'previous'; args: Record<string, never> }
  | { tool: 'read_page'; args: { article_id: string; page: number } }
  | { tool: 'answer'; args: { text: string; citations: string[] } }
  | { tool: 'give_up'; args: { reason: string } };

export const DEFAULT_TOOL_SEARCH_K = 5;
export const MAX_TOOL_SEARCH_K = 20;

const str = (description: string) => ({ type: 'string', description });
const object = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/** OpenAI function-calling schemas of the explore tools. */
export const EXPLORE_TOOLS: LlmTool[] = [
  {
    name: 'search',
    description: 'Search the project. Returns ranked hits with article id, section id, number, title and page.',
    parameters: object({ query: str('what to look for'), k: { type: 'integer', minimum: 1, maximum: MAX_TOOL_SEARCH_K } }, ['query']),
  },
  {
    name: 'outline',
    description:
      "An article's sections as a tree in reading order (subsections indented under their section): id, number, title, pages, token count.",
    parameters: object({ article_id: str('the article id') }, ['article_id']),
  },
  {
    name: 'read',
    description: 'Jump to a section and read it. `section` is a section id, a number like "3.2", or a title.',
    parameters: object(
      { section: str('section id, number or title'), article_id: str('needed for a number or title when several articles exist') },
      ['section'],
    ),
  },
  {
    name: 'next',
    description:
      'Read on: the rest of the current section, else the following section in reading order (into its subsections, then on to the next section at any level).',
    parameters: object({}, []),
  },
  { name: 'previous', description: 'Step back to the preceding section in reading order.', parameters: object({}, []) },
  {
    name: 'read_page',
    description: 'Read the text on one page of an article.',
    parameters: object({ article_id: str('the article id'), page: { type: 'integer', minimum: 1 } }, ['article_id', 'page']),
  },
  {
    name: 'answer',
    description: 'Give the final answer. `citations` are ids of sections you read that support it.',
    parameters: object({ text: str('the answer'), citations: { type: 'array', items: { type: 'string' } } }, ['text', 'citations']),
  },
  { name: 'give_up', description: 'Stop: the papers do not answer the question.', parameters: object({ reason: str('why') }, ['reason']) },
];

const TOOL_NAMES = new Set<string>(EXPLORE_TOOLS.map((t) => t.name));

export function isExploreTool(name: string): name is ExploreToolName {
  return TOOL_NAMES.has(name);
}

/** Parses a model's argument JSON for `name`; throws InvalidToolCallError naming what is wrong. */
export function parseToolCall(name: string, rawArguments: string): ExploreCall {
  if (!isExploreTool(name))
    throw new InvalidToolCallError(`unknown tool ${JSON.stringify(name)}; use one of ${[...TOOL_NAMES].join(', ')}`);
  let value: unknown;
  try {
    value = rawArguments.trim() === '' ? {} : JSON.parse(rawArguments);
  } catch {
    throw new InvalidToolCallError(`the arguments of ${name} are not valid JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidToolCallError(`the arguments of ${name} must be a JSON object`);
  const args = value as Record<string, unknown>;
  const allowed = Object.keys((EXPLORE_TOOLS.find((t) => t.name === name)?.parameters.properties as object) ?? {});
  const extra = Object.keys(args).filter((key) => !allowed.includes(key));
  if (extra.length > 0) throw new InvalidToolCallError(`${name} takes no argument ${extra.map((k) => JSON.stringify(k)).join(', ')}`);
  switch (name) {
    case 'search': {
      const k = optionalInt(args, 'k', name, 1, MAX_TOOL_SEARCH_K) ?? DEFAULT_TOOL_SEARCH_K;
      return { tool: name, args: { query: text(args, 'query', name), k } };
    }
    case 'outline':
      return { tool: name, args: { article_id: text(args, 'article_id', name) } };
    case 'read': {
      const articleId = args.article_id === undefined ? undefined : text(args, 'article_id', name);
      return { tool: name, args: { section: text(args, 'section', name), ...(articleId ? { article_id: articleId } : {}) } };
    }
    case 'next':
    case 'previous':
      return { tool: name, args: {} };
    case 'read_page':
      return {
        tool: name,
        args: { article_id: text(args, 'article_id', name), page: optionalInt(args, 'page', name, 1, 100_000) ?? missing('page', name) },
      };
    case 'answer': {
      const citations = args.citations ?? [];
      if (!Array.isArray(citations) || citations.some((c) => typeof c !== 'string')) {
        throw new InvalidToolCallError('answer: citations must be an array of section ids');
      }
      return { tool: name, args: { text: text(args, 'text', name), citations: citations as string[] } };
    }
    case 'give_up':
      return { tool: name, args: { reason: text(args, 'reason', name) } };
  }
}

function text(args: Record<string, unknown>, key: string, tool: string): string {
  const value = args[key];
  if (value === undefined) missing(key, tool);
  if (typeof value !== 'string' || value.trim() === '') throw new InvalidToolCallError(`${tool}: ${key} must be a non-empty string`);
  return value.trim();
}

function optionalInt(args: Record<string, unknown>, key: string, tool: string, min: number, max: number): number | undefined {
  const value = args[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidToolCallError(`${tool}: ${key} must be an integer from ${min} to ${max}`);
  }
  return value;
}

function missing(key: string, tool: string): never {
  throw new InvalidToolCallError(`${tool}: ${key} is required`);
}
