export * from './llm.types';
