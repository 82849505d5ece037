import { readFileSync } from 'node:fs';

/** The version in package.json (two levels up from both src/cli and dist/cli). */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
