import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from '../helpers/source-files.js';

/** Where a file's relative imports lead, from `src/`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) =>
    relative(SRC, resolve(dirname(file), match[1] as string)),
  );
}

describe('the upload is a library', () => {
  it.each(['bulk', 'input'])('src/%s imports nothing from the CLI or its commands', (folder) => {
    const leaks = sourceFiles(join(SRC, folder)).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('cli/') || target.startsWith('commands/'))
        .map((target) => `${relative(SRC, file)} imports ${target}`),
    );
    expect(leaks).toEqual([]);
  });

  it('src/bulk is grouped by stage, no folder of more than about 20 files', () => {
    const folders = new Map<string, number>();
    for (const file of sourceFiles(join(SRC, 'bulk'))) {
      const folder = relative(SRC, dirname(file));
      folders.set(folder, (folders.get(folder) ?? 0) + 1);
    }
    expect([...folders.keys()].sort()).toEqual(
      [
        'bulk',
        'bulk/check',
        'bulk/layout',
        'bulk/ledger',
        'bulk/read',
        'bulk/read/xlsx',
        'bulk/report',
        'bulk/send',
      ].sort(),
    );
    for (const [folder, count] of folders) expect(count, folder).toBeLessThanOrEqual(20);
  });
});

/** A file's static value imports (not `import type`, not `await import(...)`), from `src/`. */
function staticImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/gms)].map((match) =>
    relative(SRC, resolve(dirname(file), match[1] as string)),
  );
}

describe('the browser UI is its own front end', () => {
  it('src/ui uses the upload library, never the CLI', () => {
    const leaks = sourceFiles(join(SRC, 'ui')).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('cli/') || target.startsWith('commands/'))
        .map((target) => `${relative(SRC, file)} imports ${target}`),
    );
    expect(leaks).toEqual([]);
  });

  it('nothing of it (pages, htmx, the web server) is loaded by any other command', () => {
    // The two front ends (the upload pages and the service's console) share src/web; nothing else loads them.
    const frontEnds = ['ui/', 'web/', 'console/', 'commands/ui/'];
    const outside = sourceFiles(SRC).filter(
      (file) => !frontEnds.some((folder) => relative(SRC, file).startsWith(folder)),
    );
    const leaks = outside.flatMap((file) =>
      staticImportsOf(file)
        .filter((target) => frontEnds.some((folder) => target.startsWith(folder)))
        .map((target) => `${relative(SRC, file)} imports ${target}`),
    );
    expect(leaks).toEqual([]);
    // `intake ui` itself loads them only when it runs.
    expect(
      staticImportsOf(join(SRC, 'commands', 'ui', 'ui.ts')).filter((target) => target.startsWith('ui/')),
    ).toEqual([]);
  });
});
