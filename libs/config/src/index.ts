export { InvalidConfigError, loadConfig } from './config';
export type { LecternConfig, MinioConfig, ParserServicesConfig } from './config';
