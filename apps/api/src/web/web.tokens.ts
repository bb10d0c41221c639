/** Where the built UI lives (dist/web), or null when the package root cannot be found. */
export const WEB_ASSETS = Symbol('WEB_ASSETS');
