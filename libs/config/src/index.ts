export { loadConfig } from './config';
export { InvalidConfigError } from './config.errors';
export type { EmbeddingsConfig, LecternConfig, LlmConfig, MinioConfig, ParserServicesConfig, QueueConfig } from './config';
export type { AuthConfig, OidcConfig } from './auth.config';
