/** Replaced by the bundler with the version from package.json. */
declare const __ALFRED_VERSION__: string | undefined;

export const VERSION: string = typeof __ALFRED_VERSION__ === 'string' ? __ALFRED_VERSION__ : '0.1.0-dev';
