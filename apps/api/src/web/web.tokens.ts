/** The built UI's directory (dist/web), or null when it is not built. */
export const WEB_ASSETS = Symbol('WEB_ASSETS');
