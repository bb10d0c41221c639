export { InvalidConfigError, loadConfig } from './config';
export type { EmbeddingsConfig, LecternConfig, LlmConfig, MinioConfig, ParserServicesConfig, QueueConfig } from './config';
