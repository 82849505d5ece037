import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder that holds Intake's package.json, found by walking up from this module: the code runs
 * from `src/` (tests), from `dist/` as tsc writes it, or from `dist/bundle/`, where every module is a
 * chunk of one folder, so no path relative to a module names the same file in all three.
 */
function packageRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    folder = parent;
  }
  return folder;
}

const ROOT = packageRoot();

/** A file or folder the package ships beside its code (`package.json`, `assets/`, `presets/`, `data/`). */
export const packageFile = (...parts: readonly string[]): string => join(ROOT, ...parts);
