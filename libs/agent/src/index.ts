export { ExploreAgent, NOTICE_HEURISTIC, NOTICE_HEURISTIC_LLM_DOWN, NO_EXPLORE_ANSWER, type ExploreAgentDeps } from './explore.agent';
export { InvalidExploreError, InvalidToolCallError } from './agent.errors';
export { EXPLORE_TOOLS, parseToolCall, DEFAULT_TOOL_SEARCH_K, MAX_TOOL_SEARCH_K, type ExploreCall } from './explore-tools';
export { EXPLORE_SYSTEM_PROMPT } from './llm.navigator';
export { PaperReader, type PaperReaderCorpus, type ReadingCursor, type ToolOutput } from './paper.reader';
export type { Clock } from './explore.session';
export * from './explore.types';
