import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The project's source folder, for the tests that read the code itself (its layout, words, sizes). */
export const SRC = resolve(import.meta.dirname, '../../src');

/** Every .ts file under a folder (the source folder by default), in a stable order. */
export function sourceFiles(dir: string = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}
