/** alfred's version; the bundler replaces `__ALFRED_VERSION__` at build time. */
declare const __ALFRED_VERSION__: string | undefined;

export const ALFRED_VERSION: string =
  typeof __ALFRED_VERSION__ === 'string' ? __ALFRED_VERSION__ : '0.1.0-dev';
