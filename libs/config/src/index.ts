export { InvalidConfigError, loadConfig } from './config';
export type { LecternConfig } from './config';
