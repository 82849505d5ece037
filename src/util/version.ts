import { readFileSync } from 'node:fs';
import { packageFile } from './package-files.js';

/** The version in package.json. */
export const VERSION: string = (
  JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }
).version;
