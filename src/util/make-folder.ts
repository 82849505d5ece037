import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const codeOf = (error: unknown) => (error as { code?: string } | null)?.code;

/**
 * Makes a folder and the folders above it that are missing, each with `mode`, as `mkdir -p` does. Not
 * Node's `mkdirSync(path, { recursive: true })`: on a file system where a folder cannot be made although
 * the one above it exists (a path under /proc), that call never returns, spinning a core. Here such a
 * folder is an error (code EMKDIR) said in words by `fileErrorReason`.
 */
export function makeFolder(path: string, mode = 0o700): void {
  const missing: string[] = [];
  for (let at = resolve(path); ;) {
    try {
      if (statSync(at).isDirectory()) break;
      throw Object.assign(new Error(`${at} is a file`), { code: 'ENOTDIR' });
    } catch (error) {
      if (codeOf(error) !== 'ENOENT') throw error;
      missing.push(at);
      const above = dirname(at);
      if (above === at) break;
      at = above;
    }
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder, { mode });
    } catch (error) {
      const code = codeOf(error);
      // Made meanwhile by another process: as good as made here.
      if (code === 'EEXIST' && statSync(folder).isDirectory()) continue;
      // The folder above exists, yet this one "does not exist": this file system makes no folders.
      if (code === 'ENOENT')
        throw Object.assign(new Error(`no folder can be made at ${folder}`), { code: 'EMKDIR' });
      throw error;
    }
  }
}
