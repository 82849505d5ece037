import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from '../helpers/source-files.js';
import {
  JOB_STATES,
  LEDGER_STATES,
  MESSAGE_KINDS,
  OUTCOMES,
  RECORD_KINDS,
  REVIEW_KINDS,
} from '../../src/contract/kinds.js';

/** Where the words are declared, and the schema steps already applied (never edited). */
const DECLARED = ['contract/kinds.ts'];
const HISTORY = /\/migrations\.ts$/;

/**
 * Lists and unions of quoted words in a text (`['a', 'b']`, `'a' | 'b'`), each as its words. A subset
 * the compiler checks against the vocabulary's type (`Extract<Outcome, …>`, `[…] satisfies …`) is not a
 * second declaration, and is left out.
 */
function wordLists(text: string): string[][] {
  const quoted = /'([a-z_]+)'/g;
  const typed = (match: RegExpMatchArray) =>
    /Extract<\w+,\s*$/.test(text.slice(Math.max(0, (match.index ?? 0) - 40), match.index)) ||
    /^\s*(as const\s*)?satisfies\b/.test(text.slice((match.index ?? 0) + match[0].length));
  const found = [
    ...text.matchAll(/\[\s*('[a-z_]+'\s*,\s*)+'[a-z_]+'\s*,?\s*\]/g),
    ...text.matchAll(/'[a-z_]+'(\s*\|\s*'[a-z_]+')+/g),
  ].filter((match) => !typed(match));
  return found.map((match) => [...match[0].matchAll(quoted)].map((word) => word[1] as string));
}

/** Files outside the declaring one that spell out three or more words of `vocabulary` in one list. */
function respelled(vocabulary: readonly string[]): string[] {
  return sourceFiles(SRC)
    .filter((file) => !DECLARED.includes(relative(SRC, file)) && !HISTORY.test(file))
    .flatMap((file) =>
      wordLists(readFileSync(file, 'utf8'))
        .filter((words) => words.filter((word) => vocabulary.includes(word)).length >= 3)
        .map((words) => `${relative(SRC, file)}: ${words.join(', ')}`),
    );
}

describe('one vocabulary, declared once in the contract', () => {
  it('finds a list spelled out again (a check of the check)', () => {
    expect(wordLists("const KINDS = ['order', 'product', 'shipment'];")).toEqual([
      ['order', 'product', 'shipment'],
    ]);
    expect(wordLists("type K = 'queued' | 'applied';")).toEqual([['queued', 'applied']]);
    expect(wordLists("type K = Extract<JobState, 'queued' | 'applied'>;")).toEqual([]);
    expect(wordLists("const K = ['queued', 'applied'] as const satisfies readonly JobState[];")).toEqual([]);
  });

  it.each([
    ['record kinds', RECORD_KINDS],
    ['job states', JOB_STATES],
    ['upload outcomes', OUTCOMES],
    ['ledger states', LEDGER_STATES],
    ['message kinds', MESSAGE_KINDS],
    ['review kinds', REVIEW_KINDS],
  ])('%s are never listed again outside contract/kinds.ts', (_name, words) => {
    expect(respelled(words)).toEqual([]);
  });

  it('a create that waits is "queued" everywhere: never "pending" in what the service says or stores', () => {
    const saying = sourceFiles(SRC)
      .filter((file) => !HISTORY.test(file))
      .filter((file) => /'pending'|state = 'pending'|\bpending\b.*creat/i.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(saying).toEqual([]);
  });
});
