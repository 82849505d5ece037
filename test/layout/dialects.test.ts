import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from '../helpers/source-files.js';

/** Where each engine's own code lives: its engine, migrations and dialect. */
const ROOMS = ['server/storage/sqlite/', 'server/storage/postgres/'];

/** What only one engine's code may say: a test of the engine's name, and SQL of one engine alone. */
const ONE_ENGINE = [
  /[!=]==?\s*['"](postgres|sqlite)['"]/,
  /['"](postgres|sqlite)['"]\s*[!=]==?/,
  /\bFOR UPDATE\b/,
  /\bSKIP LOCKED\b/,
  /\bpg_[a-z_]+\(/,
  /\bjson_each\(/,
  /\bunnest\(/,
  /=\s*ANY\(/,
  /\bPRAGMA\b/,
];

/** Each line of `text` that says one of `patterns`, with its number. */
function saying(text: string, patterns: readonly RegExp[]): string[] {
  return text
    .split('\n')
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => !/^\s*(\/?\*|\/\/)/.test(line) && patterns.some((pattern) => pattern.test(line)))
    .map(({ line, index }) => `${index + 1}: ${line.trim()}`);
}

describe('each engine in its own room', () => {
  it('reads what it should (a check of the check)', () => {
    expect(saying("if (sql.dialect === 'postgres') {", ONE_ENGINE)).toHaveLength(1);
    expect(saying('`SELECT value FROM meta WHERE key = ? FOR UPDATE`', ONE_ENGINE)).toHaveLength(1);
    expect(saying("// on 'postgres' === here, a comment", ONE_ENGINE)).toHaveLength(0);
  });

  it('no code outside server/storage/sqlite and server/storage/postgres asks which engine it runs on', () => {
    const leaks = sourceFiles(join(SRC, 'server'))
      .filter((file) => !ROOMS.some((room) => relative(SRC, file).startsWith(room)))
      .flatMap((file) =>
        saying(readFileSync(file, 'utf8'), ONE_ENGINE).map((line) => `${relative(SRC, file)}:${line}`),
      );
    expect(leaks).toEqual([]);
  });

  it('each room holds its engine, its migrations and its dialect', () => {
    for (const room of ROOMS) {
      const names = readdirSync(join(SRC, room)).sort();
      expect(names).toEqual(expect.arrayContaining(['dialect.ts', 'engine.ts', 'migrations.ts']));
    }
  });
});
