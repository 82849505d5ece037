import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from '../helpers/source-files.js';

/**
 * The imports each file runs when it is loaded: static `import … from` and `export … from` of our own
 * files, type-only ones left out (they vanish when compiled). Dynamic `import()` is left out too: it runs
 * later, when the module graph is complete.
 */
export function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const pattern = /^(?:import|export)\s+(?!type\s)([^;]*?)\s+from\s+'(\.[^']+)'/gms;
  for (const match of text.matchAll(pattern)) {
    const names = match[1] ?? '';
    // `import { type A, type B } from` is type-only as well.
    const inner = /^\{([^}]*)\}$/.exec(names.trim())?.[1];
    if (
      inner !== undefined &&
      inner.split(',').every((name) => name.trim() === '' || /^type\s/.test(name.trim()))
    )
      continue;
    found.push(resolve(dirname(file), (match[2] as string).replace(/\.js$/, '.ts')));
  }
  return found;
}

/** The cycles of a graph, each once, as the files around it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('the import graph of src/', () => {
  const graph = new Map(sourceFiles(SRC).map((file) => [file, runtimeImports(file)]));

  it('reads the imports it should (a check of the check)', () => {
    const serve = graph.get(join(SRC, 'commands/serve/serve.ts')) ?? [];
    expect(serve).toContain(join(SRC, 'commands/serve/serve-options.ts'));
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
  });

  it('has no cycle of imports run at load time', () => {
    const named = cycles(graph).map((cycle) => cycle.map((file) => relative(SRC, file)).join(' → '));
    expect(named).toEqual([]);
  });
});

/** Every relative import of a file, type-only ones included, as the files they lead to. */
function allImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) =>
    resolve(dirname(file), (match[1] as string).replace(/\.js$/, '.ts')),
  );
}

/** The upload's stages, in the order a record goes through them. */
const STAGES = ['read', 'layout', 'check', 'send', 'report'];
const stageOf = (file: string) => STAGES.indexOf(relative(join(SRC, 'bulk'), file).split('/')[0] ?? '');

describe('the upload library (src/bulk)', () => {
  it('is used through its public face, bulk/index.ts, alone (and its errors, which a command checks without loading it)', () => {
    const faces = [join(SRC, 'bulk/index.ts'), join(SRC, 'bulk/errors.ts')];
    const inside = (file: string) => relative(SRC, file).startsWith('bulk/');
    const leaks = sourceFiles(SRC)
      .filter((file) => !inside(file))
      .flatMap((file) =>
        allImports(file)
          .filter((target) => inside(target) && !faces.includes(target))
          .map((target) => `${relative(SRC, file)} → ${relative(SRC, target)}`),
      );
    expect(leaks).toEqual([]);
  });

  it('imports down its stages only: read → layout → check → send → report', () => {
    expect(stageOf(join(SRC, 'bulk/check/check.ts'))).toBe(2);
    const upward = sourceFiles(join(SRC, 'bulk')).flatMap((file) =>
      allImports(file)
        .filter((target) => stageOf(file) >= 0 && stageOf(target) > stageOf(file))
        .map((target) => `${relative(SRC, file)} → ${relative(SRC, target)}`),
    );
    expect(upward).toEqual([]);
  });
});
